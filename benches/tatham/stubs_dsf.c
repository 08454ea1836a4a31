/*
 * stubs_dsf.c: aborting stubs of dsf_* for sources without dsf.c. tents.c calls them only
 * from its error highlighting (drawing), never while generating.
 */
#include <stdio.h>
#include <stdlib.h>
#include "puzzles.h"

#define STUB(name) do { fprintf(stderr, "stub %s called\n", name); abort(); } while (0)

DSF *dsf_new(int size) { STUB("dsf_new"); return NULL; }
void dsf_free(DSF *dsf) { STUB("dsf_free"); }
int dsf_canonify(DSF *dsf, int n) { STUB("dsf_canonify"); return 0; }
void dsf_merge(DSF *dsf, int n1, int n2) { STUB("dsf_merge"); }
void dsf_reinit(DSF *dsf) { STUB("dsf_reinit"); }
