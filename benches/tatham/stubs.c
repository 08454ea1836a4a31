/*
 * stubs.c: minimal front-end / drawing stubs so that tents.c can be
 * linked into a command-line generator.  None of these are reached by
 * new_game_desc(); they only satisfy the linker.  Any call aborts.
 *
 * (stubs_dsf.c and stubs_getenv.c cover sources that lack dsf.c or
 * getenv_bool; build.sh adds them only then.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include "puzzles.h"

#define STUB(name) do { fprintf(stderr, "stub %s called\n", name); abort(); } while (0)

void fatal(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "fatal error: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    exit(1);
}

void frontend_default_colour(frontend *fe, float *output) { STUB("frontend_default_colour"); }
void draw_text(drawing *dr, int x, int y, int fonttype, int fontsize,
               int align, int colour, const char *text) { STUB("draw_text"); }
void draw_rect(drawing *dr, int x, int y, int w, int h, int colour) { STUB("draw_rect"); }
void draw_line(drawing *dr, int x1, int y1, int x2, int y2, int colour) { STUB("draw_line"); }
void draw_polygon(drawing *dr, const int *coords, int npoints,
                  int fillcolour, int outlinecolour) { STUB("draw_polygon"); }
void draw_circle(drawing *dr, int cx, int cy, int radius,
                 int fillcolour, int outlinecolour) { STUB("draw_circle"); }
void clip(drawing *dr, int x, int y, int w, int h) { STUB("clip"); }
void unclip(drawing *dr) { STUB("unclip"); }
void draw_update(drawing *dr, int x, int y, int w, int h) { STUB("draw_update"); }
int print_mono_colour(drawing *dr, int grey) { STUB("print_mono_colour"); return 0; }
void print_line_width(drawing *dr, int width) { STUB("print_line_width"); }
