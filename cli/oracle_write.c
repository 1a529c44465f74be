/*
 * oracle_write.c - the distance oracle's report as files for other
 * programs (oracle_write.h).  Configurations are numbered as the library
 * numbers them (the lexicographic order of their canonical anchor lists,
 * slide.h), so the JSON, the binary form, the GraphML and the edge lines
 * of one puzzle all name a configuration by the same number, and two runs
 * on different engines write the same bytes.
 */
#include <errno.h>
#include <string.h>

#include "oracle_write.h"
#include "view.h"

static const char *axis_name(sb_axis a)
{
    return a == SB_AXIS_ROW ? "horizontal" : a == SB_AXIS_COL ? "vertical" : "both";
}

static int finish(FILE *out)
{
    if (ferror(out)) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return 0;
}

/* "classes": what each run of slots holds: a piece's box, its cells
 * around its anchor, its axis, whether it is marked (a group of its own)
 * and how many pieces (slots) it has. */
static void classes_json(FILE *out, const sb_puzzle *p, const sb_distances *d)
{
    fputs(" \"classes\": [", out);
    for (size_t k = 0; k < d->nclasses; k++) {
        const sb_block *b = &d->pieces[k];
        int left = -sb_block_anchor_offset(p, b);
        fprintf(out, "%s\n  {\"height\": %d, \"width\": %d, \"cells\": [", k ? "," : "",
                b->height, b->width);
        const char *sep = "";
        for (int r = 0; r < b->height; r++)
            for (int c = left; c < left + b->width; c++)
                if (sb_block_covers(p, b, r, c)) {
                    fprintf(out, "%s[%d, %d]", sep, r, c);
                    sep = ", ";
                }
        fprintf(out, "], \"axis\": \"%s\", \"group\": %d, \"count\": %u}", axis_name(b->axis),
                b->group, d->class_count[k]);
    }
    fputs("],\n", out);
}

static void distance_json(FILE *out, uint32_t dist)
{
    if (dist == SB_DISTANCE_NONE)
        fputs("null", out);
    else
        fprintf(out, "%u", dist);
}

int sb_oracle_write_json(FILE *out, const sb_oracle_source *src, const sb_distances *d)
{
    fputs("{\"init\": ", out);
    sbi_json_string(out, src->init_path);
    fputs(", \"goal\": ", out);
    if (src->goal_path)
        sbi_json_string(out, src->goal_path);
    else
        fputs("null", out);
    fprintf(out, ",\n \"rows\": %d, \"cols\": %d, \"metric\": \"%s\", \"engine\": \"%s\", "
                 "\"count\": %llu, \"init_index\": %llu, \"goal_count\": %llu, "
                 "\"farthest\": %u, \"moves\": %zu,\n",
            d->rows, d->cols, sb_metric_name(d->metric), sb_path_name(d->path),
            (unsigned long long)d->count, (unsigned long long)d->init,
            (unsigned long long)d->goal_count, d->farthest, d->edge_start[d->count] / 2);
    classes_json(out, src->puzzle, d);
    fputs(" \"configurations\": [", out);
    for (uint64_t i = 0; i < d->count && !ferror(out); i++) {
        fputs(i ? ",\n  {\"anchors\": [" : "\n  {\"anchors\": [", out);
        const uint16_t *a = d->anchors + i * d->nblocks;
        for (size_t s = 0; s < d->nblocks; s++)
            fprintf(out, "%s[%d, %d]", s ? ", " : "", a[s] / d->cols, a[s] % d->cols);
        fputs("], \"distance\": ", out);
        distance_json(out, d->distance[i]);
        putc('}', out);
    }
    fputs("]}\n", out);
    return finish(out);
}

/* Little-endian, whatever the machine. */
static void put_le(FILE *out, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        putc((int)(v >> (8 * i) & 0xff), out);
}

int sb_oracle_write_binary(FILE *out, const sb_distances *d)
{
    fwrite("SLDIST1\n", 1, 8, out);
    put_le(out, (uint64_t)d->rows, 4);
    put_le(out, (uint64_t)d->cols, 4);
    put_le(out, (uint64_t)d->metric, 4);
    put_le(out, d->nclasses, 4);
    for (size_t k = 0; k < d->nclasses; k++)
        put_le(out, d->class_count[k], 4);
    put_le(out, d->nblocks, 4);
    put_le(out, d->count, 8);
    put_le(out, d->init, 8);
    for (uint64_t i = 0; i < d->count && !ferror(out); i++) {
        const uint16_t *a = d->anchors + i * d->nblocks;
        for (size_t s = 0; s < d->nblocks; s++)
            put_le(out, a[s], 2);
        put_le(out, d->distance[i], 4);
    }
    return finish(out);
}

/* Calls each(out, d, from, to, move) for every move once, from < to. */
static void each_edge(FILE *out, const sb_distances *d,
                      void (*each)(FILE *, uint64_t, uint64_t, const sb_move *))
{
    for (uint64_t i = 0; i < d->count && !ferror(out); i++)
        for (size_t j = d->edge_start[i]; j < d->edge_start[i + 1]; j++) {
            sb_move m;
            if (d->edge_to[j] > i && sb_distances_move(d, i, d->edge_to[j], &m) == SB_OK)
                each(out, i, d->edge_to[j], &m);
        }
}

static void edge_line(FILE *out, uint64_t from, uint64_t to, const sb_move *m)
{
    fprintf(out, "%llu %llu %d %d %d %d\n", (unsigned long long)from, (unsigned long long)to,
            m->from_row, m->from_col, m->to_row, m->to_col);
}

int sb_oracle_write_edges(FILE *out, const sb_distances *d)
{
    each_edge(out, d, edge_line);
    return finish(out);
}

static void edge_xml(FILE *out, uint64_t from, uint64_t to, const sb_move *m)
{
    fprintf(out, "<edge source=\"n%llu\" target=\"n%llu\"><data key=\"move\">%d %d %d %d</data>"
                 "</edge>\n", (unsigned long long)from, (unsigned long long)to,
            m->from_row, m->from_col, m->to_row, m->to_col);
}

int sb_oracle_write_graphml(FILE *out, const sb_oracle_source *src, const sb_distances *d)
{
    bool goal = src->goal_path != NULL;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
          "<key id=\"anchors\" for=\"node\" attr.name=\"anchors\" attr.type=\"string\"/>\n"
          "<key id=\"init\" for=\"node\" attr.name=\"init\" attr.type=\"boolean\">"
          "<default>false</default></key>\n", out);
    if (goal)
        fputs("<key id=\"distance\" for=\"node\" attr.name=\"distance\" attr.type=\"int\"/>\n",
              out);
    fprintf(out, "<key id=\"move\" for=\"edge\" attr.name=\"move\" attr.type=\"string\"/>\n"
                 "<graph id=\"slide\" edgedefault=\"undirected\">\n"
                 "<desc>%s moves from INIT: %llu configurations, %zu moves</desc>\n",
            sb_metric_name(d->metric), (unsigned long long)d->count, d->edge_start[d->count] / 2);
    for (uint64_t i = 0; i < d->count && !ferror(out); i++) {
        fprintf(out, "<node id=\"n%llu\"><data key=\"anchors\">", (unsigned long long)i);
        const uint16_t *a = d->anchors + i * d->nblocks;
        for (size_t s = 0; s < d->nblocks; s++)
            fprintf(out, "%s%d,%d", s ? " " : "", a[s] / d->cols, a[s] % d->cols);
        fputs("</data>", out);
        if (i == d->init)
            fputs("<data key=\"init\">true</data>", out);
        /* A configuration that cannot reach the goal has no distance. */
        if (goal && d->distance[i] != SB_DISTANCE_NONE)
            fprintf(out, "<data key=\"distance\">%u</data>", d->distance[i]);
        fputs("</node>\n", out);
    }
    each_edge(out, d, edge_xml);
    fputs("</graph>\n</graphml>\n", out);
    return finish(out);
}
