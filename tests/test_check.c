/*
 * test_check.c - SB_ASSERT (engine/core/check.h): in a build with the
 * engine's checks (the sanitizer and fuzz builds define SB_CHECKS) a
 * broken invariant stops the process with SIGABRT and one line naming the
 * file, the line and the condition; in any other build the check is
 * compiled away, its condition not even evaluated.  Both halves run
 * against the library's own meter (sbi_meter_release of more than is held,
 * which the engine never does), in a child process, so that the abort is
 * observed rather than suffered.
 */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "unit.h"

#include "core/check.h"
#include "core/meter.h"

/* Runs sbi_meter_release of one byte more than is held in a child; *text
 * gets what it wrote on stderr.  Returns its wait status. */
static int release_too_much(char *text, size_t n)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        sb_meter m;
        sbi_meter_init(&m, NULL);
        sbi_meter_hold(&m, 10);
        sbi_meter_release(&m, 11);
        _exit(m.held == 0 ? 0 : 1);
    }
    close(fds[1]);
    size_t got = 0;
    ssize_t r;
    while (got + 1 < n && (r = read(fds[0], text + got, n - 1 - got)) > 0)
        got += (size_t)r;
    text[got] = '\0';
    close(fds[0]);
    int status = -1;
    waitpid(pid, &status, 0);
    return status;
}

int main(void)
{
    int evaluated = 0;
    SB_ASSERT(++evaluated > 0);
    CHECK_MSG(evaluated == SB_CHECKING, "SB_ASSERT evaluated its condition %d times, "
              "SB_CHECKING is %d", evaluated, SB_CHECKING);
    char text[512];
    int status = release_too_much(text, sizeof text);
    if (SB_CHECKING) {
        CHECK_MSG(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
                  "a broken invariant did not abort: wait status %d", status);
        CHECK_MSG(strstr(text, "internal invariant broken at ") && strstr(text, "meter.c:") &&
                      strstr(text, "bytes <= m->held"),
                  "the abort's line: '%s'", text);
    } else {
        CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == 0 && !text[0],
                  "without checks the release went on: wait status %d, '%s'", status, text);
    }
    return unit_finish("test_check");
}
