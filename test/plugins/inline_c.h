/* inline_c: the working inline adapter that the plain-C test plugins share, so that each of
 * them differs from a valid adapter only in the one defect of its entry. Linked into each C
 * test plugin; hidden visibility keeps these functions out of its exports. */
#pragma once

#include <zoo/adapter.h>

zoo_status_t inline_c_setup(const zoo_host_t *host, const zoo_config_t *config,
                            zoo_adapter_state_t **state);
/* Inline: the body runs on the calling thread before submit() returns. */
zoo_status_t inline_c_submit(zoo_adapter_state_t *state, const zoo_task_t *task);
/* Every task ran inside submit(): nothing is ever in flight here. */
zoo_status_t inline_c_drain(zoo_adapter_state_t *state);
zoo_status_t inline_c_teardown(zoo_adapter_state_t *state);
const char *inline_c_error_text(const zoo_adapter_state_t *state);
