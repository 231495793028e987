#ifndef LECTERN_CLAME_SHIM_H
#define LECTERN_CLAME_SHIM_H
#include <lame/lame.h>
#endif
