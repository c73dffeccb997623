#pragma once

// Errors as values. Expected failures (bad input) return Result<T>; the message names the culprit
// and the expectation. ErrorCode maps onto the DDS status codes where one exists.

#include <string>
#include <utility>
#include <variant>

namespace tenace::core {

enum class ErrorCode {
    Unknown, // DDS -1
    NoCards, // DDS -2: a position without any card
    TargetTooHigh, // DDS -3: target above the tricks left
    DuplicateCard, // DDS -4
    TargetBelowMinusOne, // DDS -5
    TargetAbove13, // DDS -7
    SolutionsBelow1, // DDS -8
    SolutionsAbove3, // DDS -9
    TooManyCards, // DDS -10: more than 52 cards
    BadTrickCard, // DDS -12: suit or rank of a current-trick card out of range
    PlayedCardStillHeld, // DDS -13
    WrongCardCount, // DDS -14: a hand holds the wrong number of cards
    Syntax, // malformed text (no DDS code: reported as -1 there)
    IllegalPlay, // a card that may not be played now
    InvalidArgument, // a value out of its range (seat, strain, level...)
    Io, // a file could not be read or written
};

// The DDS status code for an error code (-1 when DDS has no specific one).
int ddsStatus(ErrorCode code);

struct Error
{
    ErrorCode code = ErrorCode::Unknown;
    std::string message;
    friend bool operator==(const Error &, const Error &) = default;
};

// A value or an error. Minimal stand-in for std::expected (C++23).
template<typename T> class Result
{
public:
    Result(T value) : m_data(std::in_place_index<0>, std::move(value)) { }
    Result(Error error) : m_data(std::in_place_index<1>, std::move(error)) { }

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T &value() const & { return std::get<0>(m_data); }
    T &value() & { return std::get<0>(m_data); }
    T &&value() && { return std::get<0>(std::move(m_data)); }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }
    const Error &error() const { return std::get<1>(m_data); }

private:
    std::variant<T, Error> m_data;
};

// Result of an operation with no value.
struct Ok
{
    friend bool operator==(Ok, Ok) = default;
};
using Status = Result<Ok>;

} // namespace tenace::core
