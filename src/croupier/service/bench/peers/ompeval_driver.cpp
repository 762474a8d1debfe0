// croupier bench eval's driver for OMPEval (https://github.com/zekyll/OMPEval), compiled by the
// bench against a checkout the user gives (`--ompeval DIR`); no OMPEval code is in croupier.
//
// Usage: driver HANDS_FILE COUNT REPEATS
//   HANDS_FILE holds COUNT rows of seven card indices (one byte each, rank = c >> 2 with 0 the
//   deuce, suit = c & 3), the same hands croupier's kernel is timed on.
// Prints, one per line: "seven_card_seconds S" (the best of REPEATS passes over every hand:
// each hand summed from the cards' precomputed Hand objects and evaluated on one thread),
// "checksum N", "values V1 V2 ..." (the first 2,000 values, for the bench to check that the
// two evaluators order those hands alike), then for the exhaustive AhKh v QsQd equity on one
// thread "equity_seconds S", "equity_player0 E", "equity_hands N", "equity_evaluations N".
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <vector>

#include "omp/EquityCalculator.h"
#include "omp/HandEvaluator.h"

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: driver HANDS_FILE COUNT REPEATS\n");
        return 2;
    }
    const size_t count = std::stoull(argv[2]);
    const int repeats = std::stoi(argv[3]);
    std::vector<unsigned char> cards(count * 7);
    std::ifstream in(argv[1], std::ios::binary);
    if (!in.read(reinterpret_cast<char*>(cards.data()), cards.size())) {
        std::fprintf(stderr, "cannot read %zu hands from %s\n", count, argv[1]);
        return 2;
    }
    omp::HandEvaluator evaluator;
    std::vector<omp::Hand> card_hand;
    for (unsigned c = 0; c < 52; ++c) card_hand.push_back(omp::Hand(c));
    std::vector<uint16_t> values(count);
    double best = 1e30;
    uint64_t checksum = 0;
    for (int r = 0; r < repeats; ++r) {
        auto start = std::chrono::steady_clock::now();
        const unsigned char* row = cards.data();
        for (size_t i = 0; i < count; ++i, row += 7) {
            omp::Hand h = omp::Hand::empty();
            for (int k = 0; k < 7; ++k) h += card_hand[row[k]];
            values[i] = evaluator.evaluate(h);
        }
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (s < best) best = s;
    }
    for (size_t i = 0; i < count; ++i) checksum += values[i];
    std::printf("seven_card_seconds %.9f\n", best);
    std::printf("checksum %llu\n", static_cast<unsigned long long>(checksum));
    std::printf("values");
    for (size_t i = 0; i < count && i < 2000; ++i) std::printf(" %u", values[i]);
    std::printf("\n");

    double equity_best = 1e30;
    omp::EquityCalculator::Results results;
    for (int r = 0; r < repeats; ++r) {
        omp::EquityCalculator calculator;
        auto start = std::chrono::steady_clock::now();
        calculator.start({"AhKh", "QsQd"}, 0, 0, true, 0, nullptr, 1.0, 1);
        calculator.wait();
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (s < equity_best) equity_best = s;
        results = calculator.getResults();
    }
    std::printf("equity_seconds %.9f\n", equity_best);
    std::printf("equity_player0 %.9f\n", results.equity[0]);
    std::printf("equity_hands %llu\n", static_cast<unsigned long long>(results.hands));
    std::printf("equity_evaluations %llu\n", static_cast<unsigned long long>(results.evaluations));
    return 0;
}
