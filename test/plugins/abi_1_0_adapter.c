/* abi_1_0: a valid plain-C inline adapter built against the frozen ABI 1.0 header
 * (test/sdk_1_0/zoo/adapter.h, the only SDK on its include path), to prove that a plugin built
 * before ABI 1.1 still loads and runs: its entry says abi_minor 0 and the 1.0 entry size, and
 * it never reads zoo_config.workers (its config struct ends at `options`). */
#include "inline_c.h"

#if ZOO_ABI_MINOR != 0
#error "abi_1_0 must be built against the frozen ABI 1.0 header in test/sdk_1_0"
#endif

ZOO_ADAPTER_EXPORT const zoo_adapter_entry_t zoo_adapter_entry = {
    .magic = ZOO_ADAPTER_MAGIC,
    .abi_major = ZOO_ABI_MAJOR,
    .abi_minor = ZOO_ABI_MINOR, /* 0 */
    .struct_size = sizeof(zoo_adapter_entry_t), /* the ABI 1.0 size */
    .name = "abi_1_0",
    .version = "1.0.0",
    .description = "Test plugin: a working inline adapter built against the ABI 1.0 header.",
    .kind = "test",
    .caliber_notes = "Valid: the body runs inside submit(). Built for ABI 1.0, before "
                     "zoo_config.workers and zoo.submit_any_thread/1 existed.",
    .drive_level = "not applicable: a test plugin, never measured",
    .setup = inline_c_setup,
    .submit = inline_c_submit,
    .drain = inline_c_drain,
    .teardown = inline_c_teardown,
    .error_text = inline_c_error_text,
    .get_extension = NULL,
};
