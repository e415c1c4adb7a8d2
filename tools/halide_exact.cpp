// Exact float constants for tools/halide_export.py (compiled by it, loaded with ctypes).
//
// Halide's IR printer writes a float constant with the stream's precision (`std::fixed`, 6
// decimals by default), which loses most float32 values (`1.0f / 3200` prints `0.000312f`).
// The printer keeps the precision a stream already has, so printing to a stream whose
// precision is high gives every constant's exact decimal; the exporter turns it back into the
// shortest decimal that reads as the same float.
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>

#include "Halide.h"

// The precision of std::cerr, where HL_DEBUG_CODEGEN's lowering log (the statement) goes.
extern "C" void tp_cerr_precision(int digits) { std::cerr.precision(digits); }

// An Expr printed as Halide prints it, at `digits` decimals (malloc'd; free with tp_free).
extern "C" char *tp_expr_text(const Halide::Expr *e, int digits) {
    std::ostringstream out;
    out.precision(digits);
    out << *e;
    return strdup(out.str().c_str());
}

extern "C" void tp_free(char *p) { free(p); }
