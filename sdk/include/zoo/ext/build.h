/*
 * zoo/ext/build.h — "zoo.build/1": a plugin declares how it was compiled (C11).
 *
 * zoo-host reads each plugin's build from the file without loading it: the -O level its debug
 * information records, the toolchain's .comment, the sanitizer runtimes it needs. It warns on
 * a report's first page when a measured plugin was built without optimisation, because then
 * the figures describe the build more than the execution model. A build without debug
 * information records no -O level, so an unoptimised build without -g (Meson's `plain`
 * buildtype with no flags, a hand-written Makefile) would be measured without a word.
 *
 * ZOO_DECLARE_BUILD() closes that gap: it places one string in the plugin's ELF section
 * ".zoo.build", written by the compiler that compiles the line, saying whether that compiler
 * optimised (__OPTIMIZE__) and whether assert() is on (NDEBUG not defined). zoo-host reads the
 * section from the file; nothing is exported and no ABI table changes. zoo/adapter.hpp's
 * ZOO_EXPORT_ADAPTER declares it for every adapter it exports; a C adapter writes
 * ZOO_DECLARE_BUILD() once at file scope, in the file that defines zoo_adapter_entry. Where
 * several files declare it, the least optimised declaration counts, and assertions count as
 * on when any file has them on.
 *
 * The string: "zoo.build/1 optimized=<0|1> assertions=<0|1>".
 */
#pragma once

#define ZOO_BUILD_SECTION ".zoo.build"

#if defined(__OPTIMIZE__)
#define ZOO_BUILD_OPTIMIZED_ "1"
#else
#define ZOO_BUILD_OPTIMIZED_ "0"
#endif

#if defined(NDEBUG)
#define ZOO_BUILD_ASSERTIONS_ "0"
#else
#define ZOO_BUILD_ASSERTIONS_ "1"
#endif

/* At file scope, once per file. `used`: kept although nothing refers to it. */
#define ZOO_DECLARE_BUILD()                                                         \
  __attribute__((section(ZOO_BUILD_SECTION), used)) static const char               \
      zoo_build_declaration[] = "zoo.build/1 optimized=" ZOO_BUILD_OPTIMIZED_ \
                                " assertions=" ZOO_BUILD_ASSERTIONS_
