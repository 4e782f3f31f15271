# build/by-name/: gcc and clang-19 that find this build's plugins by name,
# as they find an installed bdops's (cmake/install.cmake), so that the
# guides in docs/workflows/ - written for the installed commands,
# "-fplugin=bdops_gcc", "CHECK=bdops-sparse" - run from a build tree too:
#
#   export PATH=$PWD/build/by-name:$PWD/build/bin:$PATH
#
# gcc gets "-B build/by-name/gcc.d/", whose plugin/ is build/lib: GCC takes
# its plugin directory from -B (for -fplugin=NAME and -print-file-name=plugin
# alike) and finds nothing else there, so it is otherwise the same gcc.
# clang-19 gets build/lib first in LD_LIBRARY_PATH, which its dlopen() of
# -fplugin=bdops_clang.so searches before its own library directory.
set(_by ${CMAKE_BINARY_DIR}/by-name)
file(MAKE_DIRECTORY ${_by}/gcc.d)
file(CREATE_LINK ${CMAKE_BINARY_DIR}/lib ${_by}/gcc.d/plugin SYMBOLIC)
find_program(BDOPS_CLANG19_BIN NAMES clang-19 PATHS /usr/lib/llvm-19/bin)
file(WRITE ${_by}/gcc.tmp
  "#!/bin/sh\n# gcc with this build's bdops_gcc.so found by name (cmake/by-name.cmake)\n"
  "exec ${BDOPS_GCC} -B${_by}/gcc.d/ \"$@\"\n")
file(WRITE ${_by}/clang-19.tmp
  "#!/bin/sh\n# clang-19 with this build's bdops_clang.so found by name (cmake/by-name.cmake)\n"
  "LD_LIBRARY_PATH=${CMAKE_BINARY_DIR}/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH} "
  "exec ${BDOPS_CLANG19_BIN} \"$@\"\n")
foreach(cc gcc clang-19)
  file(COPY_FILE ${_by}/${cc}.tmp ${_by}/${cc} ONLY_IF_DIFFERENT)
  file(REMOVE ${_by}/${cc}.tmp)
  file(CHMOD ${_by}/${cc} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE
       GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endforeach()
