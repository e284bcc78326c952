// Where this build's own tree keeps what an uninstalled zoo-host uses, and which built-in
// adapters it left out. Defined in one small generated source (build_tree.cc.in), not in
// build_config.h: these absolute, per-folder paths and this per-configuration list then touch
// no other file, so two clones compile to the same objects (a compiler cache serves both) and
// disabling an adapter recompiles one line.
#pragma once

namespace zoo::build_tree {

// The build tree's tools/ folder: a zoo-host running from there uses the build-tree plugins.
extern const char* const kToolsDir;
extern const char* const kPluginsDir;    // plugins/ of the build tree (adapters)
extern const char* const kReportersDir;  // plugins/reporters/ of the build tree
// The allocation counter a cost unit preloads, as built in this tree.
extern const char* const kAllocCounter;
// Built-in adapters this build left out, "name: why" separated by ';' ("" when none).
extern const char* const kNotBuiltAdapters;

}  // namespace zoo::build_tree
