#ifndef RENDER_KEYBOARD_CCAIRO_JPEG_SHIM_H
#define RENDER_KEYBOARD_CCAIRO_JPEG_SHIM_H

// JPEG files through libjpeg (libjpeg-turbo on Debian), for store screenshots: an app's own
// screenshot read as the screen's content, and a composed canvas written at a fixed quality.
// libjpeg reports errors by longjmp, like libpng, so every call lives here between a setjmp
// and its return; Swift sees only a status and a message.

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include "shim.h"

enum {
    RK_JPEG_OK = 0,
    RK_JPEG_ERROR = 1,          // libjpeg reported an error, or a limit was hit; see message
    RK_JPEG_BAD_ARGUMENT = 2,
};

/// libjpeg's error manager with the jump back to the call that started the work.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} rk_jpeg_error_state;

static inline void rk_jpeg_on_error(j_common_ptr info) {
    rk_jpeg_error_state *state = (rk_jpeg_error_state *)(void *)info->err;
    (*info->err->format_message)(info, state->message);
    longjmp(state->jump, 1);
}

/// Warnings (a corrupt entropy segment that decoding recovers from) are not printed.
static inline void rk_jpeg_on_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

/// The most scans a progressive file may have: each scan decodes the whole image again, so a
/// file of thousands of tiny scans would take minutes. Real encoders write at most a few dozen.
#define RK_JPEG_MAX_SCANS 256

static inline void rk_jpeg_on_progress(j_common_ptr info) {
    if (info->is_decompressor) {
        j_decompress_ptr d = (j_decompress_ptr)info;
        if (d->input_scan_number > RK_JPEG_MAX_SCANS) {
            rk_jpeg_error_state *state = (rk_jpeg_error_state *)(void *)info->err;
            snprintf(state->message, sizeof state->message, "the file has more than %d scans", RK_JPEG_MAX_SCANS);
            longjmp(state->jump, 1);
        }
    }
}

/// `state` emptied and made libjpeg's error handler: errors jump back with their text,
/// warnings are kept quiet. The handler of every rk_jpeg_* call.
static inline struct jpeg_error_mgr *rk_jpeg_errors(rk_jpeg_error_state *state) {
    state->message[0] = 0;
    struct jpeg_error_mgr *errors = jpeg_std_error(&state->base);
    state->base.error_exit = rk_jpeg_on_error;
    state->base.emit_message = rk_jpeg_on_message;
    return errors;
}

/// Encodes straight RGBA (`width * 4` bytes a row; alpha is ignored: the caller has made every
/// pixel opaque) as a baseline JPEG at `quality` 1–100, 4:2:0, with libjpeg's standard tables,
/// so equal pixels give equal bytes. On success `*out` holds the file (free it with free()).
static inline int rk_jpeg_write(const uint8_t *rgba, int width, int height, int quality,
                                unsigned char **out, unsigned long *out_length, char *message, size_t message_size) {
    if (!rgba || width <= 0 || height <= 0 || quality < 1 || quality > 100 || !out || !out_length) return RK_JPEG_BAD_ARGUMENT;
    *out = NULL;
    *out_length = 0;
    struct jpeg_compress_struct info;
    rk_jpeg_error_state state;
    uint8_t *volatile row = NULL;
    info.err = rk_jpeg_errors(&state);
    if (setjmp(state.jump)) {
        jpeg_destroy_compress(&info);
        free(row);
        free(*out);
        *out = NULL;
        *out_length = 0;
        rk_copy_message(message, message_size, state.message);
        return RK_JPEG_ERROR;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, out, out_length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.dct_method = JDCT_ISLOW;
    jpeg_start_compress(&info, TRUE);
    row = (uint8_t *)malloc((size_t)width * 3);
    if (!row) {
        snprintf(state.message, sizeof state.message, "out of memory");
        longjmp(state.jump, 1);
    }
    while (info.next_scanline < info.image_height) {
        const uint8_t *in = rgba + (size_t)info.next_scanline * (size_t)width * 4;
        for (int x = 0; x < width; x++) {
            row[x * 3] = in[x * 4];
            row[x * 3 + 1] = in[x * 4 + 1];
            row[x * 3 + 2] = in[x * 4 + 2];
        }
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(row);
    return RK_JPEG_OK;
}

/// Decodes a JPEG (greyscale, RGB or YCbCr; baseline or progressive) to 8-bit straight RGBA,
/// opaque (`*width * 4` bytes a row; free `*rgba`). A side over `max_side` pixels or more than
/// `max_pixels` pixels is refused from the header, before pixel memory is allocated.
static inline int rk_jpeg_read(const uint8_t *bytes, size_t length, uint32_t max_side, uint64_t max_pixels,
                               uint8_t **rgba, uint32_t *width, uint32_t *height, char *message, size_t message_size) {
    if (!bytes || !rgba || !width || !height || length == 0) return RK_JPEG_BAD_ARGUMENT;
    *rgba = NULL;
    *width = *height = 0;
    struct jpeg_decompress_struct info;
    struct jpeg_progress_mgr progress;
    rk_jpeg_error_state state;
    uint8_t *volatile pixels = NULL;
    info.err = rk_jpeg_errors(&state);
    if (setjmp(state.jump)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        rk_copy_message(message, message_size, state.message);
        return RK_JPEG_ERROR;
    }
    jpeg_create_decompress(&info);
    progress.progress_monitor = rk_jpeg_on_progress;
    info.progress = &progress;
    jpeg_mem_src(&info, (const unsigned char *)bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    uint32_t w = info.image_width, h = info.image_height;
    if (w == 0 || h == 0 || w > max_side || h > max_side) {
        snprintf(state.message, sizeof state.message, "the image is %u × %u px; each side must be 1…%u px", (unsigned)w, (unsigned)h, (unsigned)max_side);
        longjmp(state.jump, 1);
    }
    if ((uint64_t)w * (uint64_t)h > max_pixels) {
        snprintf(state.message, sizeof state.message, "the image is %u × %u px (%llu px); the limit is %llu px",
                 (unsigned)w, (unsigned)h, (unsigned long long)w * h, (unsigned long long)max_pixels);
        longjmp(state.jump, 1);
    }
    info.out_color_space = JCS_RGB;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    if (info.output_components != 3 || info.output_width != w || info.output_height != h) {
        snprintf(state.message, sizeof state.message, "unsupported colour format");
        longjmp(state.jump, 1);
    }
    pixels = (uint8_t *)malloc((size_t)w * (size_t)h * 4);
    if (!pixels) {
        snprintf(state.message, sizeof state.message, "out of memory");
        longjmp(state.jump, 1);
    }
    while (info.output_scanline < h) {
        // Each row is decoded into the last three quarters of its RGBA row, then spread out
        // from the left: pixel x moves from 3w/4… to 4x, never over a byte not yet read.
        uint8_t *out = pixels + (size_t)info.output_scanline * (size_t)w * 4;
        uint8_t *packed = out + (size_t)w;
        JSAMPROW rows[1] = {packed};
        jpeg_read_scanlines(&info, rows, 1);
        for (uint32_t x = 0; x < w; x++) {
            uint8_t r = packed[x * 3], g = packed[x * 3 + 1], b = packed[x * 3 + 2];
            out[x * 4] = r;
            out[x * 4 + 1] = g;
            out[x * 4 + 2] = b;
            out[x * 4 + 3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    *rgba = pixels;
    *width = w;
    *height = h;
    return RK_JPEG_OK;
}

#endif
