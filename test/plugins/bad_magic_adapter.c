/* bad_magic: deliberately broken test plugin, in plain C11.
 *
 * A complete, working inline adapter whose entry starts with 0xDEADBEEF instead of
 * ZOO_ADAPTER_MAGIC, as a symbol of that name that is not an adapter entry (or a corrupt file)
 * would. A host must refuse it before it reads past the frozen header. */
#include "inline_c.h"

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
    .setup = inline_c_setup,
    .submit = inline_c_submit,
    .drain = inline_c_drain,
    .teardown = inline_c_teardown,
    .error_text = inline_c_error_text,
    .get_extension = NULL,
};
