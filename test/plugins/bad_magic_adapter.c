/* bad_magic: deliberately broken test plugin, in plain C11.
 *
 * A complete, working inline adapter whose entry starts with 0xDEADBEEF instead of
 * ZOO_ADAPTER_MAGIC, as a symbol of that name that is not an adapter entry (or a corrupt file)
 * would. A host must refuse it before it reads past the frozen header. */
#include <zoo/adapter.h>

#include <stddef.h>
#include <stdlib.h>

struct zoo_adapter_state {
  unsigned long long submitted;
};

/* error_text(NULL): the last failed setup() or teardown() on this thread. */
static _Thread_local const char *last_error = "";

static zoo_status_t setup(const zoo_host_t *host, const zoo_config_t *config,
                          zoo_adapter_state_t **state) {
  if (state == NULL) return ZOO_STATUS_INVALID_ARGUMENT;
  *state = NULL;
  if (host == NULL || config == NULL) {
    last_error = "setup was called without a host or a configuration.";
    return ZOO_STATUS_INVALID_ARGUMENT;
  }
  if (config->options != NULL && config->options[0] != '\0') {
    last_error = "This adapter takes no options.";
    return ZOO_STATUS_INVALID_ARGUMENT;
  }
  zoo_adapter_state_t *s = calloc(1, sizeof *s);
  if (s == NULL) {
    last_error = "Out of memory.";
    return ZOO_STATUS_RESOURCE_EXHAUSTED;
  }
  last_error = "";
  *state = s;
  return ZOO_STATUS_OK;
}

/* Inline: the body runs on the calling thread before submit() returns. */
static zoo_status_t submit(zoo_adapter_state_t *state, const zoo_task_t *task) {
  ++state->submitted;
  task->run(task);
  return ZOO_STATUS_OK;
}

/* Every task ran inside submit(): nothing is ever in flight here. */
static zoo_status_t drain(zoo_adapter_state_t *state) {
  (void)state;
  return ZOO_STATUS_OK;
}

static zoo_status_t teardown(zoo_adapter_state_t *state) {
  free(state);
  last_error = "";
  return ZOO_STATUS_OK;
}

static const char *error_text(const zoo_adapter_state_t *state) {
  return state == NULL ? last_error : "";
}

ZOO_ADAPTER_EXPORT const zoo_adapter_entry_t zoo_adapter_entry = {
    .magic = 0xDEADBEEFu, /* the one defect */
    .abi_major = ZOO_ABI_MAJOR,
    .abi_minor = ZOO_ABI_MINOR,
    .struct_size = sizeof(zoo_adapter_entry_t),
    .name = "bad_magic",
    .version = "1.0.0",
    .description = "Test plugin: a working inline adapter whose entry has the wrong magic number.",
    .kind = "test",
    .caliber_notes = "Deliberately broken: magic is 0xDEADBEEF; it must be refused at load time.",
    .drive_level = "not applicable: a test plugin, never measured",
    .setup = setup,
    .submit = submit,
    .drain = drain,
    .teardown = teardown,
    .error_text = error_text,
    .get_extension = NULL,
};
