// A report model for the reporter tests, built by the core from a hand-made archive, so that
// it always has the model's current layout and its facts are known: a subject and six
// baselines over four tiers and four concurrency levels (the largest above the four logical
// cores), one baseline faster everywhere, one slower everywhere, one within the noise, a
// failed unit, an adapter the gate rejected, long caliber notes, and a priced scheduling-
// semantics item, and (unless turned off) a cost-of-code section. Deterministic: the same
// options give the same bytes.
#pragma once

#include <string>

namespace zoo::test {

struct FixtureOptions {
  // One baseline is named "<script>alert(1)</script>" and quotes markup in its notes.
  bool hostile_names = false;
  // No baseline beats the subject anywhere: the unfavourable section has nothing to list.
  bool subject_never_slower = false;
  // Appended to the subject's caliber notes (a very long text must never be cut off).
  std::string extra_subject_notes;
  // The noise conditions the archive records, read by the core's own checks from a fake
  // /proc and /sys tree. kNotRecorded: an archive from before them (the default). kWarnings:
  // every condition applies (the build is made a debug build). kMixed: ASLR and the fixture's
  // 5 rounds warn, turbo, load, hypervisor and the build are fine, the governor not checkable.
  enum class Noise { kNotRecorded, kWarnings, kMixed };
  Noise noise = Noise::kNotRecorded;
  // The cost-of-code section of fixture_cost.h, at concurrency 1, 2 and 4.
  bool cost = true;
};

std::string FixtureModelJson(const FixtureOptions& options = {});

}  // namespace zoo::test
