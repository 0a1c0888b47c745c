#ifndef RENDER_KEYBOARD_CCAIRO_PNG_ARGB32_H
#define RENDER_KEYBOARD_CCAIRO_PNG_ARGB32_H

#include "shim.h"

/// Whether every pixel of cairo's premultiplied native-endian ARGB32 rows is opaque.
static inline int rk_argb32_is_opaque(const uint8_t *src, int stride, int width, int height) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(src + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; x++) {
            if ((row[x] >> 24) != 255) return 0;
        }
    }
    return 1;
}

/// Encodes cairo's premultiplied ARGB32 rows (`stride` bytes apart) as an 8-bit PNG, each
/// row converted to straight RGB (every pixel opaque) or RGBA as it is written: the very file
/// rk_png_write makes from rk_argb32_to_rgba's output, without a converted copy of the image.
/// Arguments and result as rk_png_write's.
static inline int rk_png_write_argb32(const uint8_t *argb, int stride, int width, int height, int level, int strategy, int filters,
                                      rk_buffer *out, char *message, size_t message_size) {
    if (!argb || width <= 0 || height <= 0 || stride < width * 4 || level < 0 || level > 9 || !out) return RK_PNG_BAD_ARGUMENT;
    out->data = NULL;
    out->length = 0;
    out->capacity = 0;
    int opaque = rk_argb32_is_opaque(argb, stride, width, height);

    rk_png_session session;
    int created = rk_png_create(1, &session);
    if (created != RK_PNG_OK) return created;
    uint8_t *volatile row = NULL;
    if (setjmp(session.state.jump)) {
        png_destroy_write_struct(&session.png, &session.info);
        free(row);
        free(out->data);
        out->data = NULL;
        out->length = out->capacity = 0;
        rk_copy_message(message, message_size, session.state.message);
        return RK_PNG_ERROR;
    }
    png_set_write_fn(session.png, out, rk_png_write_data, rk_png_flush);
    png_set_compression_level(session.png, level);
    png_set_compression_strategy(session.png, strategy);
    if (filters) png_set_filter(session.png, PNG_FILTER_TYPE_BASE, filters);
    png_set_IHDR(session.png, session.info, (png_uint_32)width, (png_uint_32)height, 8,
                 opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(session.png, session.info);
    row = (uint8_t *)malloc((size_t)width * 4);
    if (!row) png_error(session.png, "out of memory");
    for (int y = 0; y < height; y++) {
        const uint8_t *in = argb + (size_t)y * (size_t)stride;
        if (opaque) {
            // Opaque premultiplied pixels are their straight colour: take the bytes as they are.
            const uint32_t *pixels = (const uint32_t *)(const void *)in;
            uint8_t *o = row;
            for (int x = 0; x < width; x++) {
                uint32_t p = pixels[x];
                o[0] = (uint8_t)(p >> 16);
                o[1] = (uint8_t)(p >> 8);
                o[2] = (uint8_t)p;
                o += 3;
            }
        } else {
            rk_argb32_to_rgba(in, stride, width, 1, row);
        }
        png_write_row(session.png, row);
    }
    png_write_end(session.png, session.info);
    png_destroy_write_struct(&session.png, &session.info);
    free(row);
    return RK_PNG_OK;
}

#endif
