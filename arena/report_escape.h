// Escaping for report files: CSV fields as RFC 4180 writes and reads them, and XML text for SVG.
// The league's and the training metrics' files name agents by specs, which hold commas and quotes.
#pragma once
#include <string>
#include <vector>

namespace ddz {

// `s` as one CSV field: unchanged unless it holds a comma, a quote or a line break, else quoted
// with each quote doubled.
std::string csv_field(const std::string& s);

// The fields of one CSV line (no line break in it), quotes removed and doubled quotes undone:
// split_csv_line(a + "," + csv_field(b)) gives {a, b} for any a without commas or quotes.
std::vector<std::string> split_csv_line(const std::string& line);

// `s` as XML text or an attribute value: < > & and " escaped.
std::string xml_escape(const std::string& s);

}  // namespace ddz
