/* libzoo_vanished_dependency: a helper shared library for the missing_dependency test plugin.
 *
 * It is built as libzoo_vanished_dependency.so but linked with the SONAME
 * libzoo_vanished_dependency.so.1, a name no file in the build tree has. Whatever links
 * against it records DT_NEEDED libzoo_vanished_dependency.so.1, which the dynamic loader then
 * cannot find: "a dependency that was never installed". */
#include "vanished_dependency.h"

int zoo_vanished_dependency_answer(void) { return 42; }
