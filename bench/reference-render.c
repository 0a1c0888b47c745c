// The start-up reference for `make bench`: one process that does what
// `render-keyboard -o keyboard.png` does with the same C libraries and nothing else.
//
// It sets up the same private fontconfig configuration (the pinned fonts and rendering
// settings, made current so nothing is read from /etc/fonts), a Pango font map on it, draws the keys listed in a
// geometry file (background, shadows, rounded key faces, centred labels, in the default
// theme's colours) on a cairo ARGB32 surface, converts the pixels to straight RGBA, encodes
// them with libpng at zlib level 1 without row filters, and writes the file through a
// temporary file and a rename.
//
// Usage: reference-render FRAMES.json OUT.png
// FRAMES.json: what `render-keyboard frames` prints (one key per line); the image size, the
// scale, and each key's label, style and pixel frame are read from it.

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *font_files[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
};

static const char *settings =
    "<?xml version=\"1.0\"?><fontconfig>"
    "<match target=\"pattern\"><edit name=\"family\" mode=\"append_last\" binding=\"strong\">"
    "<string>DejaVu Sans</string><string>WenQuanYi Micro Hei</string></edit></match>"
    "<match target=\"font\">"
    "<edit name=\"antialias\" mode=\"assign\"><bool>true</bool></edit>"
    "<edit name=\"hinting\" mode=\"assign\"><bool>false</bool></edit>"
    "<edit name=\"hintstyle\" mode=\"assign\"><const>hintnone</const></edit>"
    "<edit name=\"autohint\" mode=\"assign\"><bool>false</bool></edit>"
    "<edit name=\"rgba\" mode=\"assign\"><const>none</const></edit>"
    "<edit name=\"lcdfilter\" mode=\"assign\"><const>lcdnone</const></edit>"
    "<edit name=\"embeddedbitmap\" mode=\"assign\"><bool>false</bool></edit>"
    "<edit name=\"embolden\" mode=\"assign\"><bool>false</bool></edit>"
    "</match></fontconfig>";

static void die(const char *message) {
    fprintf(stderr, "reference-render: %s\n", message);
    exit(1);
}

static void set_hex(cairo_t *cr, unsigned rgb) {
    cairo_set_source_rgb(cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
}

static void rounded(cairo_t *cr, double x, double y, double w, double h, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
}

static void write_png(const char *path, const uint8_t *rgba, int width, int height) {
    char temporary[4096];
    snprintf(temporary, sizeof temporary, "%s.tmp", path);
    FILE *file = fopen(temporary, "wb");
    if (!file) die("cannot write the output");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) die("libpng failed");
    png_init_io(png, file);
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    uint8_t *row = malloc((size_t)width * 3);
    for (int y = 0; y < height; y++) {
        const uint8_t *in = rgba + (size_t)y * width * 4;
        for (int x = 0; x < width; x++) memcpy(row + x * 3, in + x * 4, 3);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    if (fclose(file) != 0 || rename(temporary, path) != 0) die("cannot write the output");
}

int main(int argc, char **argv) {
    if (argc != 3) die("usage: reference-render KEYS.txt OUT.png");
    FILE *keys = fopen(argv[1], "r");
    if (!keys) die("cannot read the frames file");
    int width = 0, height = 0;
    double scale = 0;
    char line[1024];
    while ((width == 0 || height == 0 || scale == 0) && fgets(line, sizeof line, keys)) {
        sscanf(line, " \"imageWidth\": %d", &width);
        sscanf(line, " \"imageHeight\": %d", &height);
        sscanf(line, " \"scale\": %lf", &scale);
    }
    if (width <= 0 || height <= 0 || scale <= 0) die("no image size in the frames file");

    FcConfig *config = FcConfigCreate();
    if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)settings, FcTrue)) die("fontconfig settings");
    for (size_t i = 0; i < sizeof font_files / sizeof *font_files; i++)
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)font_files[i])) die("missing font");
    // Current before Pango's first use, as the renderer does, so neither reads /etc/fonts.
    FcConfigSetCurrent(config);
    PangoFontMap *map = pango_cairo_font_map_new();
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    PangoContext *context = pango_font_map_create_context(map);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_language(context, pango_language_from_string("en-us"));
    pango_context_set_base_dir(context, PANGO_DIRECTION_LTR);
    pango_context_set_round_glyph_positions(context, FALSE);

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(surface);
    set_hex(cr, 0xD1D3D9);
    cairo_paint(cr);

    while (fgets(line, sizeof line, keys)) {
        double x, y, w, h;
        char style[32], label[256];
        const char *l = strstr(line, "\"label\": \""), *st = strstr(line, "\"style\": \""), *p = strstr(line, "\"pixelFrame\": ");
        if (!l || !st || !p) continue;
        if (sscanf(l, "\"label\": \"%255[^\"]\"", label) != 1) label[0] = 0;
        if (sscanf(st, "\"style\": \"%31[^\"]\"", style) != 1) continue;
        if (sscanf(p, "\"pixelFrame\": {\"x\": %lf, \"y\": %lf, \"width\": %lf, \"height\": %lf", &x, &y, &w, &h) != 4) continue;
        double radius = 5 * scale, size = 22 * scale;
        unsigned fill = 0xFFFFFF, text = 0x000000;
        if (!strcmp(style, "function")) { fill = 0xABB0BA; size = 16 * scale; }
        if (!strcmp(style, "enter")) { fill = 0x007AFF; text = 0xFFFFFF; size = 16 * scale; }
        set_hex(cr, 0x898A8D);
        rounded(cr, x, y + scale, w, h, radius);
        cairo_fill(cr);
        set_hex(cr, fill);
        rounded(cr, x, y, w, h, radius);
        cairo_fill(cr);
        if (!*label) continue;
        PangoLayout *layout = pango_layout_new(context);
        PangoFontDescription *font = pango_font_description_new();
        pango_font_description_set_family(font, "DejaVu Sans");
        pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
        pango_layout_set_font_description(layout, font);
        pango_font_description_free(font);
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER);
        pango_layout_set_text(layout, label, -1);
        PangoRectangle ink, logical;
        pango_layout_get_extents(layout, &ink, &logical);
        set_hex(cr, text);
        cairo_move_to(cr, x + w / 2 - logical.width / 2.0 / PANGO_SCALE, y + h / 2 - logical.height / 2.0 / PANGO_SCALE);
        pango_cairo_show_layout(cr, layout);
        g_object_unref(layout);
    }
    fclose(keys);
    cairo_surface_flush(surface);

    // Premultiplied native-endian ARGB32 to straight RGBA, as the renderer hands to libpng.
    const uint8_t *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    uint8_t *rgba = malloc((size_t)width * height * 4);
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            uint32_t p = row[x], a = p >> 24;
            uint32_t r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            if (a && a != 255) { r = r * 255 / a; g = g * 255 / a; b = b * 255 / a; }
            uint8_t *o = rgba + ((size_t)y * width + x) * 4;
            o[0] = r; o[1] = g; o[2] = b; o[3] = a;
        }
    }
    write_png(argv[2], rgba, width, height);
    free(rgba);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    g_object_unref(context);
    g_object_unref(map);
    FcConfigDestroy(config);
    return 0;
}
