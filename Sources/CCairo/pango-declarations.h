#ifndef RENDER_KEYBOARD_CCAIRO_PANGO_DECLARATIONS_H
#define RENDER_KEYBOARD_CCAIRO_PANGO_DECLARATIONS_H

// The part of Pango's public API the renderer calls, declared here rather than through
// <pango/pangocairo.h>. Pango's include folder comes only from its own pkg-config files
// (pango, pangoft2, pangocairo), and every one of them lists gio-2.0 in Requires.private;
// gio requires gmodule-no-export-2.0, whose Cflags hold `-pthread` (GLib 2.74 and later).
// SwiftPM, like `pkg-config --cflags`, takes the Cflags of private requirements too, but
// accepts only -I and -F there, so it prints "prohibited flag(s): -pthread" on every build.
// A system library target takes no other header search paths (headerSearchPath must lie
// inside the package; unsafeFlags would bar the libraries from other packages), while
// cairo's, fontconfig's and libpng's closures give the include folders of cairo and GLib
// without the flag. The declarations follow Pango 1.44 and later, whose ABI is stable; the
// library is still linked through module.modulemap.

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <glib-object.h>
#include <stdint.h>

G_BEGIN_DECLS

typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoFcFontMap PangoFcFontMap;
typedef struct _PangoContext PangoContext;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoLanguage PangoLanguage;

/// A rectangle in Pango units (1/PANGO_SCALE of a pixel).
typedef struct {
    int x;
    int y;
    int width;
    int height;
} PangoRectangle;

#define PANGO_SCALE 1024

typedef enum {
    PANGO_WEIGHT_THIN = 100,
    PANGO_WEIGHT_ULTRALIGHT = 200,
    PANGO_WEIGHT_LIGHT = 300,
    PANGO_WEIGHT_SEMILIGHT = 350,
    PANGO_WEIGHT_BOOK = 380,
    PANGO_WEIGHT_NORMAL = 400,
    PANGO_WEIGHT_MEDIUM = 500,
    PANGO_WEIGHT_SEMIBOLD = 600,
    PANGO_WEIGHT_BOLD = 700,
    PANGO_WEIGHT_ULTRABOLD = 800,
    PANGO_WEIGHT_HEAVY = 900,
    PANGO_WEIGHT_ULTRAHEAVY = 1000
} PangoWeight;

typedef enum {
    PANGO_ALIGN_LEFT,
    PANGO_ALIGN_CENTER,
    PANGO_ALIGN_RIGHT
} PangoAlignment;

typedef enum {
    PANGO_DIRECTION_LTR,
    PANGO_DIRECTION_RTL,
    PANGO_DIRECTION_TTB_LTR,
    PANGO_DIRECTION_TTB_RTL,
    PANGO_DIRECTION_WEAK_LTR,
    PANGO_DIRECTION_WEAK_RTL,
    PANGO_DIRECTION_NEUTRAL
} PangoDirection;

PangoFontMap *pango_cairo_font_map_new(void);
GType pango_fc_font_map_get_type(void);
void pango_fc_font_map_set_config(PangoFcFontMap *fcfontmap, FcConfig *fcconfig);
void pango_fc_font_map_config_changed(PangoFcFontMap *fcfontmap);
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);

void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options);
PangoLanguage *pango_language_from_string(const char *language);
void pango_context_set_language(PangoContext *context, PangoLanguage *language);
void pango_context_set_base_dir(PangoContext *context, PangoDirection direction);
void pango_context_set_round_glyph_positions(PangoContext *context, gboolean round_positions);

PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *desc);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);

PangoLayout *pango_layout_new(PangoContext *context);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_layout_path(cairo_t *cr, PangoLayout *layout);

// The glyphs of a laid-out label, for the SVG writer: each run's font and each glyph's id
// and position, read as Pango's own cairo renderer reads them.
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _PangoFont PangoFont;
typedef struct _PangoFcFont PangoFcFont;
typedef struct _PangoCairoFont PangoCairoFont;
typedef struct _PangoEngineShape PangoEngineShape;
typedef struct _PangoEngineLang PangoEngineLang;
typedef guint32 PangoGlyph;
typedef gint32 PangoGlyphUnit;

/// The glyph id Pango gives a zero-width glyph it does not draw.
#define RK_PANGO_GLYPH_EMPTY ((PangoGlyph)0x0FFFFFFF)
/// Set on the glyph id of a character no font has (drawn as a hex box).
#define RK_PANGO_GLYPH_UNKNOWN_FLAG ((PangoGlyph)0x10000000)

typedef struct _PangoAnalysis {
    PangoEngineShape *shape_engine;
    PangoEngineLang *lang_engine;
    PangoFont *font;
    guint8 level;
    guint8 gravity;
    guint8 flags;
    guint8 script;
    PangoLanguage *language;
    GSList *extra_attrs;
} PangoAnalysis;

typedef struct _PangoItem {
    int offset;
    int length;
    int num_chars;
    PangoAnalysis analysis;
} PangoItem;

typedef struct _PangoGlyphGeometry {
    PangoGlyphUnit width;
    PangoGlyphUnit x_offset;
    PangoGlyphUnit y_offset;
} PangoGlyphGeometry;

typedef struct _PangoGlyphVisAttr {
    guint is_cluster_start : 1;
    guint is_color : 1;
} PangoGlyphVisAttr;

typedef struct _PangoGlyphInfo {
    PangoGlyph glyph;
    PangoGlyphGeometry geometry;
    PangoGlyphVisAttr attr;
} PangoGlyphInfo;

typedef struct _PangoGlyphString {
    int num_glyphs;
    PangoGlyphInfo *glyphs;
    int *log_clusters;
    int space;
} PangoGlyphString;

typedef struct _PangoGlyphItem {
    PangoItem *item;
    PangoGlyphString *glyphs;
    int y_offset;
    int start_x_offset;
    int end_x_offset;
} PangoGlyphItem;

typedef PangoGlyphItem PangoLayoutRun;

PangoLayoutIter *pango_layout_get_iter(PangoLayout *layout);
void pango_layout_iter_free(PangoLayoutIter *iter);
gboolean pango_layout_iter_next_run(PangoLayoutIter *iter);
gboolean pango_layout_iter_next_line(PangoLayoutIter *iter);
PangoLayoutRun *pango_layout_iter_get_run_readonly(PangoLayoutIter *iter);
void pango_layout_iter_get_run_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_iter_get_baseline(PangoLayoutIter *iter);
const char *pango_layout_get_text(PangoLayout *layout);
GType pango_cairo_font_get_type(void);
cairo_scaled_font_t *pango_cairo_font_get_scaled_font(PangoCairoFont *font);
GType pango_fc_font_get_type(void);
FcPattern *pango_fc_font_get_pattern(PangoFcFont *font);

// Paragraphs: a caption wrapped to a width, at word boundaries, else between characters.
typedef enum {
    PANGO_WRAP_WORD,
    PANGO_WRAP_CHAR,
    PANGO_WRAP_WORD_CHAR
} PangoWrapMode;
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
int pango_layout_get_line_count(PangoLayout *layout);

const char *pango_version_string(void);

// HarfBuzz, which Pango shapes text with: its include folder, too, comes only from a
// pkg-config file the package does not name, and only its version is asked for.
const char *hb_version_string(void);

// HarfBuzz's subsetter, for fonts embedded in an SVG (the glyphs it uses, nothing more).
typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_set_t hb_set_t;
typedef struct hb_subset_input_t hb_subset_input_t;
typedef uint32_t hb_codepoint_t;
typedef uint32_t hb_tag_t;

hb_blob_t *hb_blob_create_from_file_or_fail(const char *file_name);
void hb_blob_destroy(hb_blob_t *blob);
const char *hb_blob_get_data(hb_blob_t *blob, unsigned int *length);
hb_face_t *hb_face_create(hb_blob_t *blob, unsigned int index);
void hb_face_destroy(hb_face_t *face);
hb_blob_t *hb_face_reference_blob(hb_face_t *face);
hb_blob_t *hb_face_reference_table(const hb_face_t *face, hb_tag_t tag);
void hb_set_add(hb_set_t *set, hb_codepoint_t codepoint);
hb_subset_input_t *hb_subset_input_create_or_fail(void);
void hb_subset_input_destroy(hb_subset_input_t *input);
hb_set_t *hb_subset_input_unicode_set(hb_subset_input_t *input);
hb_set_t *hb_subset_input_glyph_set(hb_subset_input_t *input);
hb_face_t *hb_subset_or_fail(hb_face_t *source, const hb_subset_input_t *input);

G_END_DECLS

#endif
