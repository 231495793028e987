#ifndef LECTERN_CESPEAKNG_SHIM_H
#define LECTERN_CESPEAKNG_SHIM_H
#include <espeak-ng/speak_lib.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

// espeak-ng keeps its synthesis state in globals and function statics (the wave generator's pitch flutter index,
// phase, ...) that no call resets: a text spoken after another one comes out a few samples different. Every
// synthesis therefore runs in a child forked from a process that initialised espeak-ng and never synthesised, so
// each one starts from the same state (and two run at once). The child runs only this C code, never Swift, and
// streams records to a pipe:
//   samples: int32 1, int32 n, n int16 samples
//   mark:    int32 2, int32 milliseconds, int32 name length, the name's bytes
//   end:     int32 3
// Its exit status: 0 done, 3 the voice is missing, 4 synthesis failed, 5 the pipe broke.

// Linux's fcntl to resize a pipe (glibc declares it only under _GNU_SOURCE).
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif

struct lectern_espeak_sink {
    int fd;
    int64_t samples;
    int64_t limit;
    int broken;
};

static inline void lectern_espeak_write(struct lectern_espeak_sink *sink, const void *bytes, size_t count) {
    const char *cursor = (const char *)bytes;
    while (count > 0 && !sink->broken) {
        ssize_t written = write(sink->fd, cursor, count);
        if (written <= 0) { sink->broken = 1; return; }
        cursor += written;
        count -= (size_t)written;
    }
}

// The sink comes with every event list (the user data given to espeak_Synth, on the terminating event too): no
// global, which Swift's importer would not emit for a header.
static inline int lectern_espeak_child_callback(short *wav, int count, espeak_EVENT *events) {
    struct lectern_espeak_sink *sink = events ? (struct lectern_espeak_sink *)events->user_data : NULL;
    if (!sink) return 1;
    for (espeak_EVENT *event = events; event && event->type != espeakEVENT_LIST_TERMINATED; event++) {
        if (event->type == espeakEVENT_MARK && event->id.name) {
            int32_t head[3] = {2, event->audio_position, (int32_t)strlen(event->id.name)};
            lectern_espeak_write(sink, head, sizeof head);
            lectern_espeak_write(sink, event->id.name, (size_t)head[2]);
        }
    }
    if (wav && count > 0) {
        int32_t head[2] = {1, count};
        lectern_espeak_write(sink, head, sizeof head);
        lectern_espeak_write(sink, wav, (size_t)count * sizeof(short));
        sink->samples += count;
    }
    // Returning 1 stops the synthesis: past the length limit, or when nobody reads any more.
    return sink->broken || sink->samples > sink->limit;
}

/// Forks a child that speaks `ssml` (UTF-8) with `voice` at `rate` words a minute, stopping after `limit` samples,
/// and streams what it makes to `fd`. Returns the child's pid (or -1); the parent closes its copy of `fd`.
/// With `text` NULL the child only selects the voice, and its exit status says whether espeak-ng has it.
static inline pid_t lectern_espeak_fork(const char *ssml, const char *voice, int rate, int64_t limit, int fd) {
    pid_t pid = fork();
    if (pid != 0) return pid;
    // Other workers' pipes stay open in this copy of the process: close them, so that their readers see their end.
    for (int other = 3; other < 4096; other++) {
        if (other != fd) close(other);
    }
    struct lectern_espeak_sink sink = {fd, 0, limit, 0};
    // The reader encodes a sentence's samples only once the next sentence's mark has come: a 1 MB pipe (about 23 s of
    // speech; Linux's default maximum) lets this child speak on meanwhile instead of waiting on a full 64 kB pipe, so
    // synthesis and encoding overlap. Where the size is refused the default pipe works, only slower.
    fcntl(fd, F_SETPIPE_SZ, 1 << 20);
    if (espeak_SetVoiceByName(voice) != EE_OK) _exit(3);
    if (!ssml) _exit(0);
    espeak_SetSynthCallback(lectern_espeak_child_callback);
    espeak_SetParameter(espeakRATE, rate, 0);
    if (espeak_Synth(ssml, strlen(ssml) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8 | espeakSSML, NULL, &sink) != EE_OK) _exit(4);
    if (espeak_Synchronize() != EE_OK) _exit(4);
    int32_t end = 3;
    lectern_espeak_write(&sink, &end, sizeof end);
    _exit(sink.broken ? 5 : 0);
}

#endif
