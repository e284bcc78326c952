#include "core/measure/modbus_rtu.h"

#include <cstdint>
#include <string>
#include <vector>

#include "core/measure/workload.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;

std::vector<uint8_t> Bytes(const std::string& s) { return std::vector<uint8_t>(s.begin(), s.end()); }

// Known CRC-16/MODBUS values: the catalogue's check value, and the frame of the Modbus
// specification's example (read holding registers request, slave 1, 0x0000, 1 register).
TEST(Crc16Modbus, MatchesKnownVectors) {
  const std::vector<uint8_t> check = Bytes("123456789");
  EXPECT_EQ(Crc16Modbus(check.data(), check.size()), 0x4B37);
  const std::vector<uint8_t> request = {0x01, 0x03, 0x00, 0x00, 0x00, 0x01};
  EXPECT_EQ(Crc16Modbus(request.data(), request.size()), 0x0A84);  // sent as 84 0A
  EXPECT_EQ(Crc16Modbus(nullptr, 0), 0xFFFF);
}

// A response of slave 1 with two registers 0x1234 and 0xABCD; its CRC appended low byte first.
std::vector<uint8_t> TwoRegisterFrame() {
  std::vector<uint8_t> f = {0x01, 0x03, 0x04, 0x12, 0x34, 0xAB, 0xCD};
  const uint16_t crc = Crc16Modbus(f.data(), f.size());
  f.push_back(static_cast<uint8_t>(crc & 0xFF));
  f.push_back(static_cast<uint8_t>(crc >> 8));
  return f;
}

TEST(ParseModbusResponse, ParsesAGoodFrame) {
  const std::vector<uint8_t> f = TwoRegisterFrame();
  uint64_t h = 0;
  EXPECT_EQ(ParseModbusResponse(f.data(), f.size(), &h), ModbusError::kOk);
  EXPECT_NE(h, 0u);
  uint64_t again = 0;
  ParseModbusResponse(f.data(), f.size(), &again);
  EXPECT_EQ(again, h);
}

TEST(ParseModbusResponse, RefusesABadCrc) {
  std::vector<uint8_t> f = TwoRegisterFrame();
  f.back() ^= 0x01;
  uint64_t h = 7;
  EXPECT_EQ(ParseModbusResponse(f.data(), f.size(), &h), ModbusError::kBadCrc);
  EXPECT_EQ(h, 7u);  // untouched
}

TEST(ParseModbusResponse, RefusesAWrongByteCountAFunctionAndAShortFrame) {
  std::vector<uint8_t> f = TwoRegisterFrame();
  f[2] = 0x06;
  uint64_t h = 0;
  EXPECT_EQ(ParseModbusResponse(f.data(), f.size(), &h), ModbusError::kBadByteCount);
  f = TwoRegisterFrame();
  f[1] = 0x04;
  EXPECT_EQ(ParseModbusResponse(f.data(), f.size(), &h), ModbusError::kBadFunction);
  EXPECT_EQ(ParseModbusResponse(f.data(), 4, &h), ModbusError::kTooShort);
}

// The checksum covers every register: changing one (and re-sealing the CRC) changes it.
TEST(ParseModbusResponse, ChecksumChangesWhenARegisterChanges) {
  std::vector<uint8_t> f = TwoRegisterFrame();
  uint64_t before = 0;
  ASSERT_EQ(ParseModbusResponse(f.data(), f.size(), &before), ModbusError::kOk);
  f[6] ^= 0x01;  // low byte of the second register
  const uint16_t crc = Crc16Modbus(f.data(), 7);
  f[7] = static_cast<uint8_t>(crc & 0xFF);
  f[8] = static_cast<uint8_t>(crc >> 8);
  uint64_t after = 0;
  ASSERT_EQ(ParseModbusResponse(f.data(), f.size(), &after), ModbusError::kOk);
  EXPECT_NE(before, after);
}

TEST(ModbusFrames, SizesAreTheTierAndOthersAreRefused) {
  for (uint32_t size : {7u, 21u, 255u}) {
    EXPECT_TRUE(CheckModbusFrameBytes(size).ok()) << size;
    for (const std::vector<uint8_t>& f : MakeModbusFrames(size, 42)) {
      ASSERT_EQ(f.size(), size);
      uint64_t h = 0;
      EXPECT_EQ(ParseModbusResponse(f.data(), f.size(), &h), ModbusError::kOk);
    }
  }
  for (uint32_t size : {0u, 5u, 8u, 257u, 300u}) {
    const absl::Status s = CheckModbusFrameBytes(size);
    EXPECT_FALSE(s.ok()) << size;
    EXPECT_THAT(std::string(s.message()), HasSubstr("5 + 2 x registers"));
  }
  EXPECT_FALSE(MakeWorkload("modbus_rtu", 22).ok());
}

TEST(ModbusFrames, TheSeedFixesTheBytes) {
  EXPECT_EQ(MakeModbusFrames(21, 1), MakeModbusFrames(21, 1));
  EXPECT_NE(MakeModbusFrames(21, 1), MakeModbusFrames(21, 2));
}

// Each task parses its own frame, and its checksum is the reference parse of that frame.
TEST(ModbusBody, EachTaskParsesItsFrame) {
  absl::StatusOr<CalibratedWorkload> w = MakeWorkload("modbus_rtu", 21, 0, 99);
  ASSERT_TRUE(w.ok()) << w.status();
  const auto& body = static_cast<const ModbusBody&>(*w->body);
  ASSERT_EQ(body.frames().size(), kModbusFrames);
  EXPECT_NE(body.RunTask(0), body.RunTask(1));
  for (uint64_t id : {0ull, 1ull, 63ull, 64ull, 1000ull}) {
    EXPECT_EQ(body.RunTask(id), body.ExpectedChecksum(id)) << id;
  }
  EXPECT_EQ(body.RunTask(64), body.RunTask(0));
  EXPECT_THAT(DescribeModbusFrame(body, 3), HasSubstr("frame 3 (21 B: "));
}

}  // namespace
}  // namespace zoo
