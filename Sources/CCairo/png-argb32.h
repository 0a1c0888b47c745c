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

/// Cairo's premultiplied ARGB32 rows for rk_png_write_argb32: the pixels, the bytes from one
/// row to the next, and the width.
typedef struct {
    const uint8_t *argb;
    int stride;
    int width;
} rk_argb32_image;

static inline void rk_argb32_row(const void *image, int y, int opaque, uint8_t *row) {
    const rk_argb32_image *source = (const rk_argb32_image *)image;
    const uint8_t *in = source->argb + (size_t)y * (size_t)source->stride;
    if (!opaque) {
        rk_argb32_to_rgba(in, source->stride, source->width, 1, row);
        return;
    }
    // Opaque premultiplied pixels are their straight colour: take the bytes as they are.
    const uint32_t *pixels = (const uint32_t *)(const void *)in;
    for (int x = 0; x < source->width; x++) {
        uint32_t p = pixels[x];
        row[0] = (uint8_t)(p >> 16);
        row[1] = (uint8_t)(p >> 8);
        row[2] = (uint8_t)p;
        row += 3;
    }
}

/// Encodes cairo's premultiplied ARGB32 rows (`stride` bytes apart) as an 8-bit PNG, each
/// row converted to straight RGB (every pixel opaque) or RGBA as it is written: the very file
/// rk_png_write makes from rk_argb32_to_rgba's output, without a converted copy of the image.
/// Arguments and result as rk_png_write_rows's.
static inline int rk_png_write_argb32(const uint8_t *argb, int stride, int width, int height, int level, int strategy, int filters,
                                      rk_buffer *out, char *message, size_t message_size) {
    if (!argb || width <= 0 || height <= 0 || stride < width * 4) return RK_PNG_BAD_ARGUMENT;
    rk_argb32_image image = { argb, stride, width };
    int opaque = rk_argb32_is_opaque(argb, stride, width, height);
    return rk_png_write_rows(&image, rk_argb32_row, width, height, level, strategy, filters, opaque, out, message, message_size);
}

#endif
