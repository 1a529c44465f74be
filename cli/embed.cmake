# embed.cmake - writes a file's bytes into a C source as one array, so that
# the web pages' script, style and markup live in files of their own
# (cli/page/), read, linted and edited as what they are, and are still part
# of the program: `slide --html` and `--play` write them with no file to
# find at run time.
#
#   cmake -DSOURCE=page/play.js -DOUTPUT=sb_page_play_js.c -DNAME=sb_page_play_js
#         -P embed.cmake
#
# writes `const unsigned char NAME[]`: the file's bytes and a NUL after them,
# so the program writes it as a string, and `const size_t NAME_size`, their
# number, for a file that is not text (the play page's WebAssembly engine,
# which the program writes as base64).  CMake reads the file as hex itself:
# no xxd or other tool needed.  The build runs this when the file changes
# (cli/CMakeLists.txt).
foreach(var SOURCE OUTPUT NAME)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "embed.cmake: -D${var}=... is missing")
  endif()
endforeach()
file(READ "${SOURCE}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR bytes "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," array "${hex}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){16})" "\\1\n" array "${array}")
get_filename_component(source_name "${SOURCE}" NAME)
file(WRITE "${OUTPUT}"
  "/* ${source_name}, ${bytes} bytes, written by cli/embed.cmake: edit that file. */\n"
  "#include <stddef.h>\n"
  "extern const unsigned char ${NAME}[];\n"
  "extern const size_t ${NAME}_size;\n"
  "const unsigned char ${NAME}[] = {\n${array}\n0x00 };\n"
  "const size_t ${NAME}_size = ${bytes};\n")
