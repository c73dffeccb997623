#include "core/model/error.h"

namespace tenace::core {

int ddsStatus(ErrorCode code)
{
    switch (code) {
    case ErrorCode::NoCards:
        return -2;
    case ErrorCode::TargetTooHigh:
        return -3;
    case ErrorCode::DuplicateCard:
        return -4;
    case ErrorCode::TargetBelowMinusOne:
        return -5;
    case ErrorCode::TargetAbove13:
        return -7;
    case ErrorCode::SolutionsBelow1:
        return -8;
    case ErrorCode::SolutionsAbove3:
        return -9;
    case ErrorCode::TooManyCards:
        return -10;
    case ErrorCode::BadTrickCard:
        return -12;
    case ErrorCode::PlayedCardStillHeld:
        return -13;
    case ErrorCode::WrongCardCount:
        return -14;
    default:
        return -1;
    }
}

} // namespace tenace::core
