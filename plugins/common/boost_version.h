// The version string of an adapter that drives Boost: "1.0.0 (Boost 1.74)", built at compile
// time from BOOST_LIB_VERSION ("1_74"), so the descriptor (a static string) names the Boost the
// plugin was built against. Shared by this repository's Boost-based adapters.
#pragma once

#include <boost/version.hpp>

#include <cstddef>

namespace zoo::plugins {

struct BoostVersionText {
  char text[48];
};

constexpr BoostVersionText MakeBoostAdapterVersion() {
  constexpr char kPrefix[] = "1.0.0 (Boost ";
  constexpr char kBoost[] = BOOST_LIB_VERSION;
  static_assert(sizeof kPrefix + sizeof kBoost + 1 <= sizeof(BoostVersionText::text));
  BoostVersionText v{};
  std::size_t n = 0;
  for (std::size_t i = 0; i + 1 < sizeof kPrefix; ++i) v.text[n++] = kPrefix[i];
  for (std::size_t i = 0; i + 1 < sizeof kBoost; ++i) {
    v.text[n++] = kBoost[i] == '_' ? '.' : kBoost[i];
  }
  v.text[n++] = ')';
  v.text[n] = '\0';
  return v;
}

}  // namespace zoo::plugins
