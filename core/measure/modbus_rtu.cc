#include "core/measure/modbus_rtu.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/fnv.h"

namespace zoo {
namespace {

constexpr size_t kHeaderBytes = 3;  // address, function, byte count
constexpr size_t kCrcBytes = 2;
constexpr uint32_t kMaxRegisters = 125;  // the Modbus limit for function 0x03
constexpr size_t kShownBytes = 8;  // bytes of a frame a sentence shows

uint64_t Fold(uint64_t h, uint64_t value) { return (h ^ value) * fnv::kPrime; }

// splitmix64: a small generator whose sequence is fixed by its seed on every platform.
uint64_t NextRandom(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

uint16_t Crc16Modbus(const uint8_t* data, size_t size) {
  uint16_t crc = 0xFFFF;
  for (size_t i = 0; i < size; ++i) {
    crc ^= data[i];
    for (int bit = 0; bit < 8; ++bit) {
      crc = (crc & 1) != 0 ? static_cast<uint16_t>((crc >> 1) ^ 0xA001) : crc >> 1;
    }
  }
  return crc;
}

const char* ModbusErrorText(ModbusError e) {
  switch (e) {
    case ModbusError::kOk: return "parsed";
    case ModbusError::kTooShort: return "shorter than a response with one register";
    case ModbusError::kBadFunction: return "function code is not 0x03";
    case ModbusError::kBadByteCount: return "byte count does not match the frame's size";
    case ModbusError::kBadCrc: return "CRC-16/MODBUS does not match";
  }
  return "?";
}

ModbusError ParseModbusResponse(const uint8_t* frame, size_t size, uint64_t* checksum) {
  if (size < kHeaderBytes + 2 + kCrcBytes) return ModbusError::kTooShort;
  const uint8_t address = frame[0];
  const uint8_t function = frame[1];
  const size_t byte_count = frame[2];
  if (function != kModbusReadHoldingRegisters) return ModbusError::kBadFunction;
  if (byte_count % 2 != 0 || byte_count == 0 || kHeaderBytes + byte_count + kCrcBytes != size) {
    return ModbusError::kBadByteCount;
  }
  const size_t crc_at = kHeaderBytes + byte_count;
  const uint16_t sent = static_cast<uint16_t>(frame[crc_at] | (frame[crc_at + 1] << 8));
  if (Crc16Modbus(frame, crc_at) != sent) return ModbusError::kBadCrc;
  uint64_t h = Fold(Fold(fnv::kOffset, address), function);
  for (size_t i = kHeaderBytes; i < crc_at; i += 2) {
    h = Fold(h, static_cast<uint16_t>((frame[i] << 8) | frame[i + 1]));  // big-endian register
  }
  *checksum = h == 0 ? 1 : h;  // 0 is reserved for "no work ran"
  return ModbusError::kOk;
}

absl::Status CheckModbusFrameBytes(uint32_t frame_bytes) {
  const uint32_t fixed = kHeaderBytes + kCrcBytes;
  if (frame_bytes < fixed + 2 || frame_bytes > fixed + 2 * kMaxRegisters ||
      (frame_bytes - fixed) % 2 != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "modbus_rtu: a frame of ", frame_bytes,
        " bytes is not a read-holding-registers response; its size is 5 + 2 x registers with 1 "
        "to 125 registers (7 to 255 bytes, e.g. 7, 21, 255)"));
  }
  return absl::OkStatus();
}

std::vector<std::vector<uint8_t>> MakeModbusFrames(uint32_t frame_bytes, uint64_t seed) {
  std::vector<std::vector<uint8_t>> frames(kModbusFrames);
  uint64_t state = seed ^ (static_cast<uint64_t>(frame_bytes) << 48);
  const size_t byte_count = frame_bytes - kHeaderBytes - kCrcBytes;
  for (std::vector<uint8_t>& f : frames) {
    f.resize(frame_bytes);
    f[0] = static_cast<uint8_t>(1 + NextRandom(state) % 247);  // unicast addresses 1..247
    f[1] = kModbusReadHoldingRegisters;
    f[2] = static_cast<uint8_t>(byte_count);
    for (size_t i = 0; i < byte_count; ++i) f[kHeaderBytes + i] = NextRandom(state) & 0xFF;
    const uint16_t crc = Crc16Modbus(f.data(), kHeaderBytes + byte_count);
    f[kHeaderBytes + byte_count] = static_cast<uint8_t>(crc & 0xFF);
    f[kHeaderBytes + byte_count + 1] = static_cast<uint8_t>(crc >> 8);
  }
  return frames;
}

ModbusBody::ModbusBody(std::vector<std::vector<uint8_t>> frames) : frames_(std::move(frames)) {
  expected_.reserve(frames_.size());
  for (const std::vector<uint8_t>& f : frames_) {
    uint64_t h = 0;
    ParseModbusResponse(f.data(), f.size(), &h);  // a refused frame's expected checksum is 0
    expected_.push_back(h);
  }
}

uint64_t ModbusBody::RunTask(uint64_t task_id) const {
  const std::vector<uint8_t>& f = frames_[FrameOf(task_id)];
  uint64_t h = 0;
  ParseModbusResponse(f.data(), f.size(), &h);
  return h;
}

std::string DescribeModbusFrame(const ModbusBody& body, size_t frame) {
  const std::vector<uint8_t>& f = body.frames()[frame];
  std::string hex;
  for (size_t i = 0; i < f.size() && i < kShownBytes; ++i) {
    absl::StrAppendFormat(&hex, "%s%02x", i == 0 ? "" : " ", f[i]);
  }
  if (f.size() > kShownBytes) hex += " ...";
  return absl::StrFormat("frame %u (%u B: %s)", frame, f.size(), hex);
}

}  // namespace zoo
