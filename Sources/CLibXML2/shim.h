#ifndef LECTERN_CLIBXML2_SHIM_H
#define LECTERN_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Foundation brings its own ICU module; libxml2's ICU declarations clash with it
// ("'UErrorCode' has different definitions in different modules").
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// xmlFree is a macro over a function pointer; Swift cannot call it directly.
static inline void lectern_xmlFree(void *p) { xmlFree(p); }
#endif
