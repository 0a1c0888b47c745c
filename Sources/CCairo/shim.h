#ifndef RENDER_KEYBOARD_CCAIRO_SHIM_H
#define RENDER_KEYBOARD_CCAIRO_SHIM_H

// The C libraries KeyboardRenderer paints with, plus the few helpers Swift cannot write:
// libpng reports errors by longjmp, so every libpng call lives here, between a setjmp and
// its return, and Swift only sees an error code and a message.

#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include "pango-declarations.h"
#include <png.h>
#include <zlib.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

// MARK: - Pango / fontconfig glue (GObject casts are macros Swift cannot call)

/// Gives `map` (made by pango_cairo_font_map_new) the private fontconfig `config`.
/// Returns 0 when the font map is not fontconfig-based.
static inline int rk_font_map_set_config(PangoFontMap *map, FcConfig *config) {
    if (!map || !g_type_check_instance_is_a((GTypeInstance *)(void *)map, pango_fc_font_map_get_type())) return 0;
    pango_fc_font_map_set_config((PangoFcFontMap *)(void *)map, config);
    return 1;
}

/// Tells `map` that fonts were added to its fontconfig configuration.
static inline void rk_font_map_config_changed(PangoFontMap *map) {
    if (!map || !g_type_check_instance_is_a((GTypeInstance *)(void *)map, pango_fc_font_map_get_type())) return;
    pango_fc_font_map_config_changed((PangoFcFontMap *)(void *)map);
}

static inline void rk_g_object_unref(void *object) {
    if (object) g_object_unref(object);
}

/// The cairo font a Pango run's font draws with, or NULL when it is not a cairo font.
static inline cairo_scaled_font_t *rk_font_scaled_font(PangoFont *font) {
    if (!font || !g_type_check_instance_is_a((GTypeInstance *)(void *)font, pango_cairo_font_get_type())) return NULL;
    return pango_cairo_font_get_scaled_font((PangoCairoFont *)(void *)font);
}

/// The fontconfig pattern (file, index, family) of a Pango run's font, or NULL when the font
/// is not fontconfig-based. Owned by the font.
static inline FcPattern *rk_font_pattern(PangoFont *font) {
    if (!font || !g_type_check_instance_is_a((GTypeInstance *)(void *)font, pango_fc_font_get_type())) return NULL;
    return pango_fc_font_get_pattern((PangoFcFont *)(void *)font);
}

// MARK: - Pixel conversion

/// Cairo ARGB32 (premultiplied, native-endian 32-bit words) to straight RGBA bytes.
/// `stride` is the source row length in bytes; `dst` holds `width * height * 4` bytes.
static inline void rk_argb32_to_rgba(const uint8_t *src, int stride, int width, int height, uint8_t *dst) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(src + (size_t)y * (size_t)stride);
        uint8_t *out = dst + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; x++) {
            uint32_t p = row[x];
            uint32_t a = p >> 24;
            uint32_t r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            if (a != 255 && a != 0) {
                r = (r * 255 + a / 2) / a;
                g = (g * 255 + a / 2) / a;
                b = (b * 255 + a / 2) / a;
                if (r > 255) r = 255;
                if (g > 255) g = 255;
                if (b > 255) b = 255;
            } else if (a == 0) {
                r = g = b = 0;
            }
            out[0] = (uint8_t)r;
            out[1] = (uint8_t)g;
            out[2] = (uint8_t)b;
            out[3] = (uint8_t)a;
            out += 4;
        }
    }
}

/// Straight RGBA bytes to cairo ARGB32 (premultiplied, native-endian); `stride` is the
/// destination row length in bytes.
static inline void rk_rgba_to_argb32(const uint8_t *src, int width, int height, uint8_t *dst, int stride) {
    for (int y = 0; y < height; y++) {
        const uint8_t *in = src + (size_t)y * (size_t)width * 4;
        uint32_t *row = (uint32_t *)(void *)(dst + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; x++) {
            uint32_t r = in[0], g = in[1], b = in[2], a = in[3];
            if (a != 255) {
                r = (r * a + 127) / 255;
                g = (g * a + 127) / 255;
                b = (b * a + 127) / 255;
            }
            row[x] = (a << 24) | (r << 16) | (g << 8) | b;
            in += 4;
        }
    }
}

// MARK: - PNG

enum {
    RK_PNG_OK = 0,
    RK_PNG_ERROR = 1,       // libpng reported an error; see message
    RK_PNG_NO_MEMORY = 2,
    RK_PNG_BAD_ARGUMENT = 3,
};

/// libpng's filter masks (macros Swift cannot import).
enum {
    RK_PNG_FILTER_NONE = PNG_FILTER_NONE,
    RK_PNG_ALL_FILTERS = PNG_ALL_FILTERS,
};

/// A growable byte buffer owned by C; free `data` with free().
typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
} rk_buffer;

/// Error state shared with libpng's error callback.
typedef struct {
    jmp_buf jump;
    char message[256];
} rk_png_error_state;

/// Copies `text` into `message` (`size` bytes, NUL-terminated, cut if longer); nothing when
/// `message` is NULL or `size` is 0.
static inline void rk_copy_message(char *message, size_t size, const char *text) {
    if (!message || !size) return;
    strncpy(message, text, size - 1);
    message[size - 1] = 0;
}

static inline void rk_png_on_error(png_structp png, png_const_charp message) {
    rk_png_error_state *state = (rk_png_error_state *)png_get_error_ptr(png);
    rk_copy_message(state->message, sizeof state->message, message ? message : "unknown libpng error");
    longjmp(state->jump, 1);
}

static inline void rk_png_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// One libpng read or write: its structs and the error state its callback reports through.
typedef struct {
    rk_png_error_state state;
    png_structp png;
    png_infop info;
} rk_png_session;

/// Creates libpng's write struct (`writing` != 0) or read struct, reporting errors through
/// `session->state`, and its info struct. Returns RK_PNG_OK, or RK_PNG_NO_MEMORY with nothing
/// left allocated. The caller sets `session->state.jump` before any other libpng call.
static inline int rk_png_create(int writing, rk_png_session *session) {
    session->state.message[0] = 0;
    session->png = writing
        ? png_create_write_struct(PNG_LIBPNG_VER_STRING, &session->state, rk_png_on_error, rk_png_on_warning)
        : png_create_read_struct(PNG_LIBPNG_VER_STRING, &session->state, rk_png_on_error, rk_png_on_warning);
    if (!session->png) return RK_PNG_NO_MEMORY;
    session->info = png_create_info_struct(session->png);
    if (session->info) return RK_PNG_OK;
    if (writing) png_destroy_write_struct(&session->png, NULL);
    else png_destroy_read_struct(&session->png, NULL, NULL);
    return RK_PNG_NO_MEMORY;
}

static inline void rk_png_write_data(png_structp png, png_bytep data, size_t length) {
    rk_buffer *buffer = (rk_buffer *)png_get_io_ptr(png);
    if (length > SIZE_MAX - buffer->length) png_error(png, "output too large");
    size_t needed = buffer->length + length;
    if (needed > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < needed) {
            if (capacity > SIZE_MAX / 2) png_error(png, "output too large");
            capacity *= 2;
        }
        uint8_t *grown = (uint8_t *)realloc(buffer->data, capacity);
        if (!grown) png_error(png, "out of memory");
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, data, length);
    buffer->length = needed;
}

static inline void rk_png_flush(png_structp png) {
    (void)png;
}

/// Fills `row` with row `y` of an image, 8-bit RGB (`opaque`) or RGBA, for rk_png_write_rows.
typedef void (*rk_png_row_fn)(const void *image, int y, int opaque, uint8_t *row);

/// Encodes an image as an 8-bit PNG one row at a time, each row made by `fill` into a buffer
/// of `width * 4` bytes: colour type RGB when `opaque`, else RGBA. The one PNG writer of
/// rk_png_write and rk_png_write_argb32. `level` is the zlib level 0–9; `strategy` a zlib
/// strategy (Z_RLE, Z_DEFAULT_STRATEGY…); `filters` a PNG_FILTER_* mask (0 = libpng's choice).
/// On success `out` holds the file (free out->data); otherwise `message` says why.
static inline int rk_png_write_rows(const void *image, rk_png_row_fn fill, int width, int height, int level, int strategy, int filters,
                                    int opaque, rk_buffer *out, char *message, size_t message_size) {
    if (!image || width <= 0 || height <= 0 || level < 0 || level > 9 || !out) return RK_PNG_BAD_ARGUMENT;
    out->data = NULL;
    out->length = 0;
    out->capacity = 0;

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
        fill(image, y, opaque, row);
        png_write_row(session.png, row);
    }
    png_write_end(session.png, session.info);
    png_destroy_write_struct(&session.png, &session.info);
    free(row);
    return RK_PNG_OK;
}

/// Straight RGBA rows for rk_png_write: the image and its width.
typedef struct {
    const uint8_t *rgba;
    int width;
} rk_rgba_image;

static inline void rk_rgba_row(const void *image, int y, int opaque, uint8_t *row) {
    const rk_rgba_image *source = (const rk_rgba_image *)image;
    size_t rowBytes = (size_t)source->width * 4;
    const uint8_t *in = source->rgba + (size_t)y * rowBytes;
    if (!opaque) {
        memcpy(row, in, rowBytes);
        return;
    }
    for (int x = 0; x < source->width; x++) {
        row[0] = in[0];
        row[1] = in[1];
        row[2] = in[2];
        row += 3;
        in += 4;
    }
}

/// Encodes straight RGBA (`width * 4` bytes per row) as an 8-bit PNG.
/// `opaque` != 0 writes colour type RGB (the caller has checked every alpha is 255); the
/// other arguments and the result as rk_png_write_rows's.
static inline int rk_png_write(const uint8_t *rgba, int width, int height, int level, int strategy, int filters, int opaque,
                               rk_buffer *out, char *message, size_t message_size) {
    if (!rgba) return RK_PNG_BAD_ARGUMENT;
    rk_rgba_image image = { rgba, width };
    return rk_png_write_rows(&image, rk_rgba_row, width, height, level, strategy, filters, opaque, out, message, message_size);
}

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
} rk_png_source;

static inline void rk_png_read_data(png_structp png, png_bytep data, size_t length) {
    rk_png_source *source = (rk_png_source *)png_get_io_ptr(png);
    if (length > source->length - source->offset) png_error(png, "file is truncated");
    memcpy(data, source->data + source->offset, length);
    source->offset += length;
}

/// Decodes any PNG into 8-bit straight RGBA (`*width * 4` bytes per row; free `*rgba`).
/// Images wider or taller than `max_side` pixels, or of more than `max_pixels` pixels, are
/// refused from their header, before any pixel memory is allocated; no chunk may make libpng
/// allocate more than `max_chunk` bytes.
static inline int rk_png_read(const uint8_t *bytes, size_t length, uint32_t max_side, uint64_t max_pixels,
                              size_t max_chunk, uint8_t **rgba, uint32_t *width, uint32_t *height,
                              char *message, size_t message_size) {
    if (!bytes || !rgba || !width || !height) return RK_PNG_BAD_ARGUMENT;
    *rgba = NULL;
    *width = *height = 0;
    if (length < 8 || png_sig_cmp((png_const_bytep)bytes, 0, 8) != 0) {
        rk_copy_message(message, message_size, "not a PNG file");
        return RK_PNG_ERROR;
    }
    rk_png_source source = {bytes, length, 0};
    rk_png_session session;
    int created = rk_png_create(0, &session);
    if (created != RK_PNG_OK) return created;
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(session.state.jump)) {
        png_destroy_read_struct(&session.png, &session.info, NULL);
        free(pixels);
        free(rows);
        rk_copy_message(message, message_size, session.state.message);
        return RK_PNG_ERROR;
    }
    png_set_read_fn(session.png, &source, rk_png_read_data);
    png_set_user_limits(session.png, max_side, max_side);
    png_set_chunk_malloc_max(session.png, max_chunk);
    png_set_chunk_cache_max(session.png, 1000);
    png_read_info(session.png, session.info);
    png_uint_32 w = png_get_image_width(session.png, session.info), h = png_get_image_height(session.png, session.info);
    if ((uint64_t)w * (uint64_t)h > max_pixels) {
        snprintf(session.state.message, sizeof session.state.message, "the image is %u × %u px (%llu px); the limit is %llu px",
                 (unsigned)w, (unsigned)h, (unsigned long long)w * h, (unsigned long long)max_pixels);
        png_destroy_read_struct(&session.png, &session.info, NULL);
        rk_copy_message(message, message_size, session.state.message);
        return RK_PNG_ERROR;
    }
    int colorType = png_get_color_type(session.png, session.info);
    int bitDepth = png_get_bit_depth(session.png, session.info);
    if (bitDepth == 16) png_set_strip_16(session.png);
    if (colorType == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(session.png);
    if (colorType == PNG_COLOR_TYPE_GRAY && bitDepth < 8) png_set_expand_gray_1_2_4_to_8(session.png);
    if (png_get_valid(session.png, session.info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(session.png);
    if (colorType == PNG_COLOR_TYPE_GRAY || colorType == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(session.png);
    if (!(colorType & PNG_COLOR_MASK_ALPHA) && !png_get_valid(session.png, session.info, PNG_INFO_tRNS))
        png_set_add_alpha(session.png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(session.png);
    png_read_update_info(session.png, session.info);
    if (png_get_rowbytes(session.png, session.info) != (size_t)w * 4) png_error(session.png, "unsupported pixel format");
    pixels = (uint8_t *)malloc((size_t)w * (size_t)h * 4);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * (size_t)h);
    if (!pixels || !rows) png_error(session.png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * (size_t)w * 4;
    png_read_image(session.png, rows);
    png_read_end(session.png, NULL);
    png_destroy_read_struct(&session.png, &session.info, NULL);
    free(rows);
    *rgba = pixels;
    *width = w;
    *height = h;
    return RK_PNG_OK;
}

// MARK: - Versions of the libraries that draw

/// The version of the FreeType library this process runs with, `major.minor.patch`, written
/// into `out` (`size` bytes, NUL-terminated); empty when FreeType cannot start.
static inline void rk_freetype_version(char *out, size_t size) {
    if (!out || !size) return;
    out[0] = 0;
    FT_Library library;
    if (FT_Init_FreeType(&library) != 0) return;
    FT_Int major = 0, minor = 0, patch = 0;
    FT_Library_Version(library, &major, &minor, &patch);
    FT_Done_FreeType(library);
    snprintf(out, size, "%d.%d.%d", (int)major, (int)minor, (int)patch);
}

#endif
