// The modbus_rtu workload: parse a bare Modbus RTU response frame (ADU, no transport framing)
// to function 0x03, read holding registers:
//
//   address (1 B) | function 0x03 (1 B) | byte count N = 2 x registers (1 B) |
//   registers (N B, each big-endian) | CRC-16/MODBUS over everything before it (2 B, low first)
//
// The tier is the frame's size in bytes: 5 + 2 x registers, 1 to 125 registers (7 to 255 B);
// the native task line measures 7, 21 and 255. Frames are generated from a seed the run records,
// kModbusFrames of them per body, before the first round; task `id` parses frame id mod
// kModbusFrames, so the host knows, for every task, the checksum its reference parse gives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/measure/body.h"

namespace zoo {

inline constexpr uint32_t kModbusFrames = 64;
inline constexpr uint8_t kModbusReadHoldingRegisters = 0x03;

// CRC-16/MODBUS: polynomial 0xA001 (reflected 0x8005), initial 0xFFFF, no final xor.
uint16_t Crc16Modbus(const uint8_t* data, size_t size);

// Why a frame was refused; kOk when it parsed.
enum class ModbusError { kOk, kTooShort, kBadFunction, kBadByteCount, kBadCrc };
const char* ModbusErrorText(ModbusError e);  // one English phrase

// Parses `frame` and folds its fields (address, function, every register) into `*checksum`
// (never 0 on success). Allocates nothing: it is what the timed region runs.
ModbusError ParseModbusResponse(const uint8_t* frame, size_t size, uint64_t* checksum);

// kInvalidArgument unless `frame_bytes` is 5 + 2 x registers with 1 to 125 registers.
absl::Status CheckModbusFrameBytes(uint32_t frame_bytes);

// kModbusFrames frames of `frame_bytes`, each valid, from `seed` (the same seed gives the same
// bytes on every machine). REQUIRES: CheckModbusFrameBytes(frame_bytes) is ok.
std::vector<std::vector<uint8_t>> MakeModbusFrames(uint32_t frame_bytes, uint64_t seed);

// The body: task `id` parses frame id mod frames().size(). Holds its frames and the checksum
// of each one's reference parse, both made at construction, on the calling thread.
class ModbusBody final : public Body {
 public:
  explicit ModbusBody(std::vector<std::vector<uint8_t>> frames);
  uint64_t Run() const override { return RunTask(0); }
  uint64_t RunTask(uint64_t task_id) const override;

  const std::vector<std::vector<uint8_t>>& frames() const { return frames_; }
  size_t FrameOf(uint64_t task_id) const { return task_id % frames_.size(); }
  // What task `task_id`'s outcome checksum must be.
  uint64_t ExpectedChecksum(uint64_t task_id) const { return expected_[FrameOf(task_id)]; }

 private:
  std::vector<std::vector<uint8_t>> frames_;
  std::vector<uint64_t> expected_;
};

// "frame 5 (21 B: 11 03 10 a2 ...)": a frame named for a sentence, with its first bytes in hex.
std::string DescribeModbusFrame(const ModbusBody& body, size_t frame);

}  // namespace zoo
