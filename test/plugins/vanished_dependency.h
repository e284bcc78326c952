/* The one function of libzoo_vanished_dependency, the helper library that the
 * missing_dependency test plugin links against. */
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

__attribute__((visibility("default"))) int zoo_vanished_dependency_answer(void);

#ifdef __cplusplus
}
#endif
