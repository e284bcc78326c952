// `zoo-host run`'s table of the layer line (zoo.layers/1): one line per row and concurrency,
// as the scenarios print theirs. The report judges the rows.
#pragma once

#include "core/archive/archive.h"

namespace zoo::cli {

void PrintLayerRows(const Archive& a);

}  // namespace zoo::cli
