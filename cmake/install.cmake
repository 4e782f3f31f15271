# "cmake --install build" and the Debian package (debian/): the layout of an
# installed bdops, the way kernel tools are installed (docs/workflows/install.md).
#
#   PREFIX/bin            bdops, bdops-sparse, bdops-clang-tool, bdops-gcc, bdops-clang
#   BDOPS_GCC_PLUGIN_DIR  bdops_gcc.so: GCC's own plugin directory
#                         (gcc -print-file-name=plugin), so that
#                         "gcc -fplugin=bdops_gcc" finds it by name
#   BDOPS_CLANG_PLUGIN_DIR  bdops_clang.so: clang-19's library directory
#                         (/usr/lib/llvm-19/lib), beside its LLVMgold.so;
#                         clang-19 has no plugin directory ("-fplugin=
#                         bdops_clang.so" works only with llvm-19-dev
#                         installed): bdops-clang passes the path
#   PREFIX/share/man, share/bash-completion, share/doc/bdops (docs/)
#
# Both plugin directories are the compilers' own and absolute by default,
# whatever the prefix; set them to install elsewhere (a relative value is
# taken under the prefix).  bdops and the wrappers find the plugins relative
# to where they are installed: the path from bin/ to each directory is built
# into them (BDOPS_*_PLUGIN_FROM_BIN), and a plugin in ../lib beside them
# (the build tree) comes first.
include(GNUInstallDirs)

set(BDOPS_GCC_PLUGIN_DIR "${BDOPS_GCC_PLUGIN_HOST_DIR}" CACHE PATH
    "where the GCC plugin is installed (default: gcc -print-file-name=plugin)")
set(BDOPS_CLANG_PLUGIN_DIR "${BDOPS_CLANG_PLUGIN_HOST_DIR}" CACHE PATH
    "where the Clang plugin is installed (default: clang-19's library directory)")

# the path from PREFIX/bin to DIR, for the tools to find DIR from where they are
function(bdops_from_bin out dir)
  if(IS_ABSOLUTE "${dir}")
    set(abs "${dir}")
  else()
    set(abs "${CMAKE_INSTALL_PREFIX}/${dir}")
  endif()
  file(RELATIVE_PATH rel "${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}" "${abs}")
  if(rel STREQUAL "")
    set(rel ".")
  endif()
  set(${out} "${rel}" PARENT_SCOPE)
endfunction()
bdops_from_bin(BDOPS_GCC_PLUGIN_FROM_BIN "${BDOPS_GCC_PLUGIN_DIR}")
bdops_from_bin(BDOPS_CLANG_PLUGIN_FROM_BIN "${BDOPS_CLANG_PLUGIN_DIR}")
message(STATUS "bdops: installs the GCC plugin in ${BDOPS_GCC_PLUGIN_DIR}, "
        "the Clang plugin in ${BDOPS_CLANG_PLUGIN_DIR}")

target_compile_definitions(bdops PRIVATE
  BDOPS_GCC_PLUGIN_FROM_BIN="${BDOPS_GCC_PLUGIN_FROM_BIN}"
  BDOPS_CLANG_PLUGIN_FROM_BIN="${BDOPS_CLANG_PLUGIN_FROM_BIN}")

# build/bin/bdops-gcc and bdops-clang: the compilers with the plugin, for
# distcc (whose server refuses -fplugin= from a client) and friends.
foreach(fe gcc clang)
  if(fe STREQUAL "gcc")
    set(CC gcc)
    # the preprocessor records the compile's directory ("# 1 "/dir//""),
    # so a remote compile resolves a relative unit as the client would
    set(EXTRA -fworking-directory)
    set(FROM_BIN ${BDOPS_GCC_PLUGIN_FROM_BIN})
    set(BYNAME bdops_gcc)
  else()
    set(CC clang-19)
    set(EXTRA "")
    set(FROM_BIN ${BDOPS_CLANG_PLUGIN_FROM_BIN})
    set(BYNAME bdops_clang.so)
  endif()
  set(FE ${fe})
  set(NAME bdops-${fe})
  string(TOUPPER "BDOPS_${fe}" NAME_UPPER)
  configure_file(${CMAKE_SOURCE_DIR}/cli/bdops-cc.in ${CMAKE_BINARY_DIR}/bin/bdops-${fe} @ONLY
                 FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
                 GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endforeach()

install(TARGETS bdops bdops-sparse bdops-clang-tool
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(PROGRAMS ${CMAKE_BINARY_DIR}/bin/bdops-gcc ${CMAKE_BINARY_DIR}/bin/bdops-clang
        DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS bdops_gcc LIBRARY DESTINATION ${BDOPS_GCC_PLUGIN_DIR})
install(TARGETS bdops_clang LIBRARY DESTINATION ${BDOPS_CLANG_PLUGIN_DIR})

# The guides and reference pages, as Debian's /usr/share/doc/bdops has them.
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
        FILES_MATCHING PATTERN "*.md" PATTERN man EXCLUDE)
