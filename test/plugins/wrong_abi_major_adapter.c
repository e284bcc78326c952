/* wrong_abi_major: deliberately broken test plugin, in plain C11.
 *
 * A complete, working inline adapter whose entry claims ABI major ZOO_ABI_MAJOR + 1: a plugin
 * built for a future, incompatible host. A host must refuse it from the four frozen fields
 * alone, before it reads anything else or calls any of its functions. */
#include "inline_c.h"

ZOO_ADAPTER_EXPORT const zoo_adapter_entry_t zoo_adapter_entry = {
    .magic = ZOO_ADAPTER_MAGIC,
    .abi_major = ZOO_ABI_MAJOR + 1, /* the one defect */
    .abi_minor = 0, /* "2.0": the first release of that future major, whatever this SDK's minor */
    .struct_size = sizeof(zoo_adapter_entry_t),
    .name = "wrong_abi_major",
    .version = "1.0.0",
    .description = "Test plugin: a working inline adapter that claims ABI major ZOO_ABI_MAJOR + 1.",
    .kind = "test",
    .caliber_notes =
        "Deliberately broken: built for an ABI major this host does not serve; it must be "
        "refused at load time.",
    .drive_level = "not applicable: a test plugin, never measured",
    .setup = inline_c_setup,
    .submit = inline_c_submit,
    .drain = inline_c_drain,
    .teardown = inline_c_teardown,
    .error_text = inline_c_error_text,
    .get_extension = NULL,
};
