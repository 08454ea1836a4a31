/*
 * stubs_getenv.c: an aborting stub of getenv_bool for a misc.c without it. tents.c calls it
 * only from new_ui(), never while generating.
 */
#include <stdio.h>
#include <stdlib.h>
#include "puzzles.h"

#define STUB(name) do { fprintf(stderr, "stub %s called\n", name); abort(); } while (0)

int getenv_bool(const char *name, int dflt) { STUB("getenv_bool"); return dflt; }
