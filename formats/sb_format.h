/*
 * sb_format.h - the formats' part of the API (reading puzzles, writing
 * pictures, reading and writing moves) now lives in the public header,
 * slide.h; this name stays so that code written against it still builds.
 */
#ifndef SB_FORMAT_H
#define SB_FORMAT_H

#include "slide_formats.h"

#endif
