/* push_floor.c: the "C push floor" for scripts/bench.sh.
 *
 * The system calls a safe push cannot avoid (SPEC.md, "Safety rules"):
 *   open + flock(LOCK_EX) FILE.lock, open + fstat + read FILE,
 *   write FILE.tmp in the same folder, fchmod + fsync it, rename it over FILE,
 *   fsync the folder.
 * The edit is textual: {"name": "bench"} is spliced in before the `]` that
 * closes "stack" (no JSON parsing, no history entry). `routectl push` is
 * compared against it. A property list (an app's preferences, binary or XML) is
 * written back unchanged: its floor is the same system calls, with no edit at all. A JSON
 * array (SwiftUI's NavigationPath, the last pushed screen first) gets a pair
 * spliced in after its `[`.
 *
 * usage: push_floor FILE        build: cc -O2 -o push_floor push_floor.c
 */
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

static int fail(const char *what) { perror(what); return 74; }

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: push_floor FILE\n"); return 64; }
    const char *file = argv[1];
    char lock[4096], tmp[4096], dir[4096];
    snprintf(lock, sizeof lock, "%s.lock", file);
    snprintf(tmp, sizeof tmp, "%s.tmp", file);
    snprintf(dir, sizeof dir, "%s", file);

    int lfd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (lfd < 0 || flock(lfd, LOCK_EX) != 0) return fail(lock);

    int fd = open(file, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) return fail(file);
    char *buf = malloc((size_t)st.st_size + 1);
    if (!buf) return 74;
    size_t len = 0;
    for (;;) {
        ssize_t n = read(fd, buf + len, (size_t)st.st_size - len);
        if (n < 0) return fail(file);
        if (n == 0 || (len += (size_t)n) == (size_t)st.st_size) break;
    }
    close(fd);
    buf[len] = '\0';
    struct iovec iov[3] = {{buf, len}, {buf, 0}, {buf, 0}};
    if ((len >= 8 && memcmp(buf, "bplist00", 8) == 0) || (len >= 5 && memcmp(buf, "<?xml", 5) == 0)) goto write;

    char *q = buf;
    while (*q == ' ' || *q == '\n' || *q == '\t' || *q == '\r') q++;
    if (*q == '[') {
        static const char pair[] = "\"MyApp.Screen\",\"{\\\"details\\\":{\\\"_0\\\":1}}\",";
        char *r = q + 1;
        while (*r == ' ' || *r == '\n' || *r == '\t' || *r == '\r') r++;
        int empty = *r == ']';
        iov[0] = (struct iovec){buf, (size_t)(q + 1 - buf)};
        iov[1] = (struct iovec){(char *)pair, sizeof pair - 1 - (empty ? 1 : 0)};
        iov[2] = (struct iovec){q + 1, len - (size_t)(q + 1 - buf)};
        goto write;
    }

    /* Find the `]` closing "stack" (skipping strings), and whether it is empty. */
    char *p = strstr(buf, "\"stack\"");
    p = p ? strchr(p, '[') : NULL;
    if (!p) { fprintf(stderr, "push_floor: no stack in %s\n", file); return 65; }
    int depth = 0, empty = 1;
    for (p++; *p && !(*p == ']' && depth == 0); p++) {
        if (*p == '"') { for (p++; *p && *p != '"'; p++) if (*p == '\\' && p[1]) p++; }
        if (*p == '{' || *p == '[') depth++;
        else if (*p == '}' || *p == ']') depth--;
        if (*p != ' ' && *p != '\n') empty = 0;
    }
    if (!*p) { fprintf(stderr, "push_floor: unterminated stack in %s\n", file); return 65; }
    static const char add[] = ", {\"name\": \"bench\"}";
    iov[0] = (struct iovec){buf, (size_t)(p - buf)};
    iov[1] = (struct iovec){(char *)add + (empty ? 2 : 0), sizeof add - 1 - (empty ? 2 : 0)};
    iov[2] = (struct iovec){p, len - (size_t)(p - buf)};

write:;
    int tfd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (tfd < 0) return fail(tmp);
    size_t want = iov[0].iov_len + iov[1].iov_len + iov[2].iov_len;
    if (writev(tfd, iov, 3) != (ssize_t)want) return fail(tmp); /* short writes: fine for a floor */
    if (fchmod(tfd, st.st_mode & 07777) != 0 || fsync(tfd) != 0 || close(tfd) != 0) return fail(tmp);
    if (rename(tmp, file) != 0) return fail(file);

    int dfd = open(dirname(dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0 || fsync(dfd) != 0) return fail(dir);
    close(dfd);
    return 0; /* exiting drops the flock */
}
