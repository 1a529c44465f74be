/*
 * peak_rss.c - runs a command and says how large its resident set grew:
 *
 *     peak_rss FILE COMMAND [ARGS...]
 *
 * writes the command's peak resident size in kB to FILE and exits with
 * the command's exit status (128 + N when signal N killed it, 127 when
 * it could not be run).  For tests/budget.sh, which checks that
 * --max-memory bounds the resident size.
 *
 * The figure is the kernel's high-water mark of the process's resident
 * set, the VmHWM line of /proc/PID/status.  That file is gone once the
 * process has exited, and a shell polling it while the process runs
 * would miss the last rise before an exit; the parent reads the same
 * mark, final, from wait4's rusage (ru_maxrss, in kB on Linux), so
 * nothing beyond the C library is needed.
 */
#define _GNU_SOURCE

#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: peak_rss FILE COMMAND [ARGS...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("peak_rss: fork");
        return 127;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror("peak_rss: exec");
        _exit(127);
    }
    int status;
    struct rusage use;
    if (wait4(pid, &status, 0, &use) != pid) {
        perror("peak_rss: wait4");
        return 127;
    }
    FILE *f = fopen(argv[1], "w");
    if (!f || fprintf(f, "%ld\n", use.ru_maxrss) < 0 || fclose(f) != 0) {
        perror("peak_rss: writing the figure");
        return 127;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
