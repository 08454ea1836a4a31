/*
 * tentsgen.c: command-line driver for Simon Tatham's Tents generator.
 *
 *   tentsgen PARAMS SEED
 *
 * PARAMS is decoded by tents.c's decode_params (e.g. "10x10de" =
 * 10x10 Easy, "25x25dt" = 25x25 Tricky).  The random state is seeded
 * with the SEED string via random_new(seed, strlen(seed)), exactly as
 * the mid-end does for a "PARAMS#SEED" game id.  Then
 * new_game_desc(params, rs, &aux, false) is called (through
 * thegame.new_desc, which is tents.c's static new_game_desc).
 *
 * Output (stdout):
 *   params: <encode_params(full)>
 *   desc: <game description>
 *   valid: <"yes" or validate_desc error>
 *   seconds: <wall-clock seconds of the new_game_desc call, CLOCK_MONOTONIC>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "puzzles.h"

int main(int argc, char **argv)
{
    game_params *params;
    random_state *rs;
    char *desc, *aux = NULL, *enc;
    const char *err;
    struct timespec t0, t1;
    double secs;

    if (argc != 3) {
        fprintf(stderr, "usage: %s PARAMS SEED   (e.g. %s 10x10de 1)\n",
                argv[0], argv[0]);
        return 2;
    }

    params = thegame.default_params();
    thegame.decode_params(params, argv[1]);
    err = thegame.validate_params(params, true);
    if (err) {
        fprintf(stderr, "%s: invalid params: %s\n", argv[0], err);
        return 2;
    }
    enc = thegame.encode_params(params, true);

    rs = random_new(argv[2], strlen(argv[2]));

    clock_gettime(CLOCK_MONOTONIC, &t0);
    desc = thegame.new_desc(params, rs, &aux, false);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;

    err = thegame.validate_desc(params, desc);

    printf("params: %s\n", enc);
    printf("desc: %s\n", desc);
    printf("valid: %s\n", err ? err : "yes");
    printf("seconds: %.6f\n", secs);
    fflush(stdout);

    sfree(desc);
    sfree(aux);
    sfree(enc);
    random_free(rs);
    thegame.free_params(params);
    return 0;
}
