/* no_entry_symbol: deliberately broken test plugin, in plain C11.
 *
 * A complete, working inline adapter whose entry is exported under the wrong name,
 * zoo_adapter_entry_v0, with default visibility: the module exports a symbol, just not
 * zoo_adapter_entry. Built without the adapter version script (which would hide it). A host
 * must refuse it as "no entry symbol". */
#include "inline_c.h"

/* The defect: the right struct under the wrong name. */
ZOO_ADAPTER_EXPORT const zoo_adapter_entry_t zoo_adapter_entry_v0 = {
    .magic = ZOO_ADAPTER_MAGIC,
    .abi_major = ZOO_ABI_MAJOR,
    .abi_minor = ZOO_ABI_MINOR,
    .struct_size = sizeof(zoo_adapter_entry_t),
    .name = "no_entry_symbol",
    .version = "1.0.0",
    .description = "Test plugin: a working inline adapter exported as zoo_adapter_entry_v0.",
    .kind = "test",
    .caliber_notes =
        "Deliberately broken: it does not export zoo_adapter_entry; it must be refused at load "
        "time.",
    .drive_level = "not applicable: a test plugin, never measured",
    .setup = inline_c_setup,
    .submit = inline_c_submit,
    .drain = inline_c_drain,
    .teardown = inline_c_teardown,
    .error_text = inline_c_error_text,
    .get_extension = NULL,
};
