#ifndef LECTERN_CTESSERACT_SHIM_H
#define LECTERN_CTESSERACT_SHIM_H
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>
#endif
