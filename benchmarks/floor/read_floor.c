/* read_floor.c: the "C reader floor" for scripts/bench.sh.
 *
 * The least work a reader of a navigator file can do: open, fstat, read the
 * whole file into memory, find the "root" value crudely (no JSON parsing) and
 * print its name on one line. `routectl show --path` is compared against it.
 * A property list (an app's preferences, binary or XML) is only read: its size is
 * printed, so the floor is the system calls alone. A JSON array (SwiftUI's
 * NavigationPath, the last pushed screen first) prints its first string, the
 * top screen's type name.
 *
 * usage: read_floor FILE        build: cc -O2 -o read_floor read_floor.c
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: read_floor FILE\n"); return 64; }
    int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) { perror(argv[1]); return 74; }
    char *buf = malloc((size_t)st.st_size + 1);
    if (!buf) return 74;
    size_t len = 0;
    for (;;) {
        ssize_t n = read(fd, buf + len, (size_t)st.st_size - len);
        if (n < 0) { perror(argv[1]); return 74; }
        if (n == 0 || (len += (size_t)n) == (size_t)st.st_size) break;
    }
    close(fd);
    buf[len] = '\0';
    if ((len >= 8 && memcmp(buf, "bplist00", 8) == 0) || (len >= 5 && memcmp(buf, "<?xml", 5) == 0)) { printf("%zu\n", len); return 0; }

    /* ["MyApp.Screen", ...]: print the first string. */
    char *q = buf;
    while (*q == ' ' || *q == '\n' || *q == '\t' || *q == '\r') q++;
    if (*q == '[') {
        char *open = strchr(q, '"');
        char *close = open ? strchr(open + 1, '"') : NULL;
        if (!close) { fprintf(stderr, "read_floor: no string in %s\n", argv[1]); return 65; }
        printf("%.*s\n", (int)(close - open - 1), open + 1);
        return 0;
    }
    /* "root": {"name": "home", ...}: print what is between the quotes after "name". */
    char *p = strstr(buf, "\"root\"");
    p = p ? strstr(p, "\"name\"") : NULL;
    p = p ? strchr(p + 6, '"') : NULL;
    char *end = p ? strchr(p + 1, '"') : NULL;
    if (!end) { fprintf(stderr, "read_floor: no root in %s\n", argv[1]); return 65; }
    printf("%.*s\n", (int)(end - p - 1), p + 1);
    return 0;
}
