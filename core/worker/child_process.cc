#include "core/worker/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string_view>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"
#include "core/base/clock.h"

extern char** environ;

namespace zoo {
namespace {

// Owns a file descriptor.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& o) noexcept : fd_(o.Release()) {}
  Fd& operator=(Fd&& o) noexcept {
    Reset(o.Release());
    return *this;
  }
  ~Fd() { Reset(); }
  int get() const { return fd_; }
  int Release() {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void Reset(int fd = -1) {
    if (fd_ >= 0) close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

absl::Status MakePipe(Fd* read_end, Fd* write_end) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    return absl::InternalError(absl::StrCat("pipe2 failed: ", strerror(errno)));
  }
  read_end->Reset(fds[0]);
  write_end->Reset(fds[1]);
  return absl::OkStatus();
}

// Owns posix_spawn's attribute and file-action objects.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attr);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
};

// Reads what is available from `fd` into `out`; returns false at EOF or error.
bool ReadSome(int fd, std::string* out) {
  char buf[4096];
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) {
      out->append(buf, static_cast<size_t>(n));
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

void KeepTail(std::string* s, size_t max) {
  if (s->size() > 2 * max) s->erase(0, s->size() - max);
}

// stdin from /dev/null, stdout and stderr into the output pipe, the report pipe at
// kChildReportFd. Its own process group, so a timeout kills whatever it started too; default
// signal dispositions and an empty mask, whatever the parent had.
void ConfigureSpawn(SpawnSetup& spawn, const Fd& output_w, const Fd& report_w) {
  posix_spawn_file_actions_addopen(&spawn.actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&spawn.actions, output_w.get(), 1);
  posix_spawn_file_actions_adddup2(&spawn.actions, output_w.get(), 2);
  posix_spawn_file_actions_adddup2(&spawn.actions, report_w.get(), kChildReportFd);
  sigset_t all, none;
  sigfillset(&all);
  sigemptyset(&none);
  posix_spawnattr_setpgroup(&spawn.attr, 0);
  posix_spawnattr_setsigdefault(&spawn.attr, &all);
  posix_spawnattr_setsigmask(&spawn.attr, &none);
  posix_spawnattr_setflags(&spawn.attr, static_cast<short>(POSIX_SPAWN_SETPGROUP |
                                                           POSIX_SPAWN_SETSIGDEF |
                                                           POSIX_SPAWN_SETSIGMASK));
}

// This process's environment with `extra` ("NAME=value") added, replacing the same names.
std::vector<std::string> ChildEnvironment(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string_view entry(*e);
    const bool replaced = std::any_of(extra.begin(), extra.end(), [&](const std::string& x) {
      const size_t eq = x.find('=');
      return entry.substr(0, entry.find('=')) == std::string_view(x).substr(0, eq);
    });
    if (!replaced) env.emplace_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

// Reads both pipes until the child is reaped and they close, killing its group at the
// deadline, on cancel or when it floods the report channel; returns its wait status.
int Supervise(pid_t pid, int64_t start, const ChildOptions& options, const Fd& report_r,
              const Fd& output_r, ChildResult& result) {
  const int64_t deadline = start + options.timeout.count() * 1'000'000;
  bool report_open = true, output_open = true, reaped = false;
  int status = 0;
  int64_t reaped_at = 0;
  for (;;) {
    if (!reaped && waitpid(pid, &status, WNOHANG) == pid) {
      reaped = true;
      reaped_at = MonotonicNs();
      kill(-pid, SIGKILL);  // whatever it left behind in its group goes with it
    }
    const int64_t now = MonotonicNs();
    const bool cancel = options.cancel != nullptr && options.cancel->load();
    const bool overflow = result.report.size() > options.report_limit_bytes;
    if (!reaped && (now >= deadline || cancel || overflow)) {
      (overflow ? result.report_overflow : cancel ? result.cancelled : result.timed_out) = true;
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      reaped = true;
      reaped_at = MonotonicNs();
    }
    if (!report_open && !output_open && reaped) break;
    // A grandchild outside the group may hold a pipe open: give up on it after a second.
    if (reaped && MonotonicNs() - reaped_at > 1'000'000'000) break;

    pollfd fds[2];
    nfds_t count = 0;
    if (report_open) fds[count++] = {report_r.get(), POLLIN, 0};
    if (output_open) fds[count++] = {output_r.get(), POLLIN, 0};
    if (count == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      continue;
    }
    poll(fds, count, 20);
    if (report_open) {
      report_open = ReadSome(report_r.get(), &result.report);
      if (result.report.size() > options.report_limit_bytes) report_open = false;
    }
    if (output_open) {
      output_open = ReadSome(output_r.get(), &result.output_tail);
      KeepTail(&result.output_tail, options.output_tail_bytes);
    }
  }
  return status;
}

}  // namespace

absl::StatusOr<ChildResult> RunChild(const ChildOptions& options) {
  if (options.argv.empty()) return absl::InvalidArgumentError("RunChild: empty argv");
  Fd report_r, report_w, output_r, output_w;
  if (absl::Status s = MakePipe(&report_r, &report_w); !s.ok()) return s;
  if (absl::Status s = MakePipe(&output_r, &output_w); !s.ok()) return s;
  SpawnSetup spawn;
  ConfigureSpawn(spawn, output_w, report_w);

  std::vector<char*> argv;
  for (const std::string& a : options.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<std::string> env_strings = ChildEnvironment(options.extra_env);
  std::vector<char*> envp;
  for (std::string& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);

  const int64_t start = MonotonicNs();
  pid_t pid = -1;
  const int rc =
      posix_spawn(&pid, argv[0], &spawn.actions, &spawn.attr, argv.data(), envp.data());
  if (rc != 0) {
    return absl::InternalError(
        absl::StrCat("could not start ", options.argv[0], ": ", strerror(rc)));
  }
  report_w.Reset();
  output_w.Reset();
  fcntl(report_r.get(), F_SETFL, O_NONBLOCK);
  fcntl(output_r.get(), F_SETFL, O_NONBLOCK);

  ChildResult result;
  result.pid = pid;
  const int status = Supervise(pid, start, options, report_r, output_r, result);
  if (result.output_tail.size() > options.output_tail_bytes) {
    result.output_tail.erase(0, result.output_tail.size() - options.output_tail_bytes);
  }
  result.elapsed_s = static_cast<double>(MonotonicNs() - start) / 1e9;
  if (WIFEXITED(status)) {
    result.exited = !result.timed_out;
    result.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.signal = WTERMSIG(status);
  }
  return result;
}

std::string DescribeEnd(const ChildResult& result) {
  if (result.cancelled) return "interrupted: stopped on request";
  if (result.report_overflow) {
    return absl::StrFormat("flooded its report channel (%u bytes, beyond the limit), killed",
                           result.report.size());
  }
  if (result.timed_out) {
    return absl::StrFormat("hung: no result after %.1f s, killed", result.elapsed_s);
  }
  if (result.signal != 0) {
    const char* abbrev = sigabbrev_np(result.signal);
    const char* text = sigdescr_np(result.signal);
    return absl::StrFormat("crashed with signal SIG%s (%s)", abbrev ? abbrev : "?",
                           text ? text : "unknown signal");
  }
  return absl::StrCat("exited with status ", result.exit_code);
}

std::string LastOutputLine(const ChildResult& result) {
  // A sanitizer's one-line summary says more than the last frame of its stack trace.
  if (size_t at = result.output_tail.rfind("SUMMARY: "); at != std::string::npos) {
    const size_t end = result.output_tail.find('\n', at);
    return result.output_tail.substr(at, end == std::string::npos ? end : end - at);
  }
  absl::string_view s = absl::StripTrailingAsciiWhitespace(result.output_tail);
  const size_t nl = s.rfind('\n');
  if (nl != absl::string_view::npos) s.remove_prefix(nl + 1);
  return std::string(absl::StripAsciiWhitespace(s));
}

}  // namespace zoo
