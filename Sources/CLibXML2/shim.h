// Debian builds libxml2 with ICU; its headers would then pull in the system ICU headers, which clash
// with Foundation's own ICU module on a cold module cache. xmlversion.h must come first so that the
// switch can be turned off before any other libxml2 header reads it.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlerror.h>
#include <libxml/relaxng.h>

/// Frees memory that libxml2 allocated (xmlFree is a mutable global, which Swift 6 rejects).
static inline void herald_xml_free(void *pointer) { xmlFree(pointer); }
