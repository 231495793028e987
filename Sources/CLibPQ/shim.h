#ifndef LECTERN_CLIBPQ_SHIM_H
#define LECTERN_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
