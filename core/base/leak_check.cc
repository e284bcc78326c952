#include "core/base/leak_check.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace zoo {
namespace {

struct ProcStat {
  pid_t pid = 0;
  pid_t ppid = 0;
  std::string name;
  char state = '?';
};

// /proc/<...>/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses, so
// it ends at the last ')'.
std::optional<ProcStat> ReadStat(const std::filesystem::path& stat_file) {
  std::ifstream in(stat_file);
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  const size_t open = line.find('(');
  const size_t close = line.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) {
    return std::nullopt;
  }
  ProcStat s;
  if (!absl::SimpleAtoi(absl::string_view(line).substr(0, open - 1), &s.pid)) return std::nullopt;
  s.name = line.substr(open + 1, close - open - 1);
  std::istringstream rest(line.substr(close + 1));
  rest >> s.state >> s.ppid;
  if (!rest) return std::nullopt;
  return s;
}

std::map<pid_t, LeftoverTask> Threads() {
  std::map<pid_t, LeftoverTask> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task", ec)) {
    if (std::optional<ProcStat> s = ReadStat(entry.path() / "stat")) {
      out[s->pid] = LeftoverTask{.id = s->pid, .name = s->name, .state = s->state};
    }
  }
  return out;
}

// Every process below this one, by parent links read from /proc.
std::map<pid_t, LeftoverTask> Descendants() {
  std::multimap<pid_t, ProcStat> by_parent;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    pid_t pid = 0;
    if (!absl::SimpleAtoi(entry.path().filename().string(), &pid)) continue;
    if (std::optional<ProcStat> s = ReadStat(entry.path() / "stat")) by_parent.emplace(s->ppid, *s);
  }
  std::map<pid_t, LeftoverTask> out;
  std::vector<pid_t> frontier = {getpid()};
  while (!frontier.empty()) {
    const pid_t parent = frontier.back();
    frontier.pop_back();
    auto [first, last] = by_parent.equal_range(parent);
    for (auto it = first; it != last; ++it) {
      const ProcStat& s = it->second;
      if (out.count(s.pid) > 0) continue;
      out[s.pid] = LeftoverTask{.id = s.pid, .name = s.name, .state = s.state};
      frontier.push_back(s.pid);
    }
  }
  return out;
}

template <typename Map>
std::vector<LeftoverTask> NotIn(const Map& now, const std::set<pid_t>& before) {
  std::vector<LeftoverTask> out;
  for (const auto& [id, task] : now) {
    if (before.count(id) == 0) out.push_back(task);
  }
  return out;
}

std::string Name(const LeftoverTask& t, const char* kind) {
  std::string s = absl::StrFormat("%s %d \"%s\"", kind, t.id, t.name);
  if (t.state == 'Z') absl::StrAppend(&s, ", exited but not reaped");
  return s;
}

std::string Listed(const std::vector<LeftoverTask>& tasks, const char* singular,
                   const char* plural, const char* id_kind) {
  constexpr size_t kNamed = 3;  // enough to find them; the count says the rest
  std::vector<std::string> names;
  for (size_t i = 0; i < tasks.size() && i < kNamed; ++i) names.push_back(Name(tasks[i], id_kind));
  if (tasks.size() > kNamed) names.push_back("...");
  return absl::StrCat(tasks.size(), " ", tasks.size() == 1 ? singular : plural, " (",
                      absl::StrJoin(names, ", "), ")");
}

}  // namespace

bool BecomeChildSubreaper() { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0; }

TaskSnapshot TakeTaskSnapshot() {
  TaskSnapshot snapshot;
  for (const auto& [id, task] : Threads()) snapshot.threads.insert(id);
  for (const auto& [id, task] : Descendants()) snapshot.descendants.insert(id);
  return snapshot;
}

Leftovers FindLeftovers(const TaskSnapshot& before, std::chrono::milliseconds settle) {
  const auto deadline = std::chrono::steady_clock::now() + settle;
  while (true) {
    Leftovers left{.threads = NotIn(Threads(), before.threads),
                   .processes = NotIn(Descendants(), before.descendants)};
    if (left.empty() || std::chrono::steady_clock::now() >= deadline) return left;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::string DescribeLeftovers(const Leftovers& leftovers) {
  std::vector<std::string> parts;
  if (!leftovers.threads.empty()) {
    parts.push_back(Listed(leftovers.threads, "thread", "threads", "tid"));
  }
  if (!leftovers.processes.empty()) {
    parts.push_back(Listed(leftovers.processes, "process", "processes", "pid"));
  }
  return absl::StrJoin(parts, " and ");
}

size_t KillAndReapDescendants(const TaskSnapshot& before, std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  std::set<pid_t> killed;
  while (true) {
    const std::vector<LeftoverTask> left = NotIn(Descendants(), before.descendants);
    if (left.empty() || std::chrono::steady_clock::now() >= deadline) break;
    for (const LeftoverTask& t : left) {
      if (t.state != 'Z' && kill(t.id, SIGKILL) == 0) killed.insert(t.id);
    }
    // Our own children are reaped here; a grandchild becomes ours (we are its subreaper)
    // once its parent is gone, and is reaped on a later pass.
    for (const LeftoverTask& t : left) {
      int status = 0;
      (void)waitpid(t.id, &status, WNOHANG);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return killed.size();
}

}  // namespace zoo
