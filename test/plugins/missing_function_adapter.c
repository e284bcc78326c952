/* missing_function: deliberately broken test plugin, in plain C11.
 *
 * A valid inline adapter in every way but one: its entry has no drain function (NULL).
 * A host must refuse it at load time, naming the missing function. */
#include "inline_c.h"

ZOO_ADAPTER_EXPORT const zoo_adapter_entry_t zoo_adapter_entry = {
    .magic = ZOO_ADAPTER_MAGIC,
    .abi_major = ZOO_ABI_MAJOR,
    .abi_minor = ZOO_ABI_MINOR,
    .struct_size = sizeof(zoo_adapter_entry_t),
    .name = "missing_function",
    .version = "1.0.0",
    .description = "Test plugin: a valid inline adapter except that drain is NULL.",
    .kind = "test",
    .caliber_notes =
        "Deliberately broken: the required function drain is missing; it must be refused at load "
        "time.",
    .drive_level = "not applicable: a test plugin, never measured",
    .setup = inline_c_setup,
    .submit = inline_c_submit,
    .drain = NULL, /* the one defect: a required function is missing */
    .teardown = inline_c_teardown,
    .error_text = inline_c_error_text,
    .get_extension = NULL,
};
