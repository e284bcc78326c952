/* struct_too_small: deliberately broken test plugin, in plain C11.
 *
 * A complete, working inline adapter whose entry claims struct_size
 * ZOO_ADAPTER_ENTRY_FROZEN_SIZE + 8 (24 bytes), far less than ABI 1.0 needs, as a plugin from
 * another world might. The whole struct is still defined, so every byte a careless host might
 * read is mapped: the host must refuse it on the size alone. */
#include "inline_c.h"

ZOO_ADAPTER_EXPORT const zoo_adapter_entry_t zoo_adapter_entry = {
    .magic = ZOO_ADAPTER_MAGIC,
    .abi_major = ZOO_ABI_MAJOR,
    .abi_minor = ZOO_ABI_MINOR,
    .struct_size = ZOO_ADAPTER_ENTRY_FROZEN_SIZE + 8u, /* the one defect */
    .name = "struct_too_small",
    .version = "1.0.0",
    .description =
        "Test plugin: a working inline adapter whose entry claims a struct_size of 24 bytes.",
    .kind = "test",
    .caliber_notes =
        "Deliberately broken: struct_size is smaller than ABI 1.0 needs; it must be refused at "
        "load time.",
    .drive_level = "not applicable: a test plugin, never measured",
    .setup = inline_c_setup,
    .submit = inline_c_submit,
    .drain = inline_c_drain,
    .teardown = inline_c_teardown,
    .error_text = inline_c_error_text,
    .get_extension = NULL,
};
