package source

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"
)

// CDX yields the original URL of each line of a web archive's index (a gzip stream is
// decompressed), in either of its two formats:
//
//   - the classic CDX file, space-separated fields whose meaning its header line gives, one
//     letter each (" CDX N b a m s k r M S V g": "a" is the original URL, "N" the massaged
//     one): the field the header names "a" is yielded. A file without a header line is read
//     as the common formats are, where the original URL is the third field: those of 7
//     fields (what a CDX server gives), 9, 10 and 11, and each of the last three with the 3
//     fields of a resolved revisit (12, 13 and 14), the formats pywb reads.
//   - CDXJ: a SURT-ordered key, a timestamp, and a JSON object, whose "url" is yielded.
//
// A line with another number of fields than its header names (or, without a header, than a
// common format has), or whose JSON is malformed, is yielded as an [*Error] with its line
// number and skipped: a field missing or one too many shifts every field after it, and the
// third need not be the URL. Empty lines and the "!" lines of CDXJ metadata are skipped.
func CDX(r io.Reader, name string) iter.Seq2[URL, error] {
	return func(yield func(URL, error) bool) {
		r, err := Decompress(r)
		if err != nil {
			yield(URL{}, fmt.Errorf("%s: %w", name, err))
			return
		}
		field := 2  // the original URL of " CDX N b a m s k r M S V g" (and of the 9-field CDX)
		fields := 0 // the number of fields the header names; 0 without a header
		var j struct {
			URL *string `json:"url"`
		}
		err = eachLine(r, func(line string, n int) bool {
			where := Where{File: name, Line: n}
			fail := func(err error) bool { return yield(URL{}, &Error{where, err}) }
			if len(strings.TrimSpace(line)) == 0 || line[0] == '!' {
				return true
			}
			if f := strings.Fields(line); len(f) > 0 && f[0] == "CDX" {
				// The header line: the field letters after "CDX".
				field, fields = -1, len(f)-1
				for i, l := range f[1:] {
					if l == "a" {
						field = i
					}
				}
				if field < 0 {
					return fail(errors.New(`the CDX header names no original-URL field ("a")`))
				}
				return true
			}
			if i := cdxjObject(line); i >= 0 {
				j.URL = nil
				if err := json.Unmarshal([]byte(line[i:]), &j); err != nil {
					return fail(fmt.Errorf("CDXJ: %w", err))
				}
				if j.URL == nil {
					return fail(errors.New(`CDXJ: the line's JSON has no "url"`))
				}
				where.Attr = "url"
				return yield(URL{Text: *j.URL, Where: where}, nil)
			}
			if field < 0 {
				return true // reported at the header
			}
			f := strings.Fields(line)
			switch {
			case fields > 0 && len(f) != fields:
				return fail(fmt.Errorf("CDX: %d fields, where the header names %d", len(f), fields))
			case fields == 0 && !slices.Contains(cdxFormats, len(f)):
				return fail(fmt.Errorf("CDX: %d fields, which no CDX format without a header line has (%s)", len(f), cdxFormatList))
			}
			where.Attr = "a"
			return yield(URL{Text: f[field], Where: where}, nil)
		}, func(n int) bool {
			return yield(URL{}, &Error{Where{File: name, Line: n}, errLongLine})
		})
		if err != nil {
			yield(URL{}, fmt.Errorf("%s: %w", name, err))
		}
	}
}

// cdxFormats are the numbers of fields of the CDX formats read without a header line, those
// that pywb's CDXObject reads: in each of them the original URL is the third field.
var cdxFormats = []int{7, 9, 10, 11, 12, 13, 14}

const cdxFormatList = "7, 9, 10, 11, 12, 13 or 14"

// cdxjObject returns where a CDXJ line's JSON object begins: after the key and the timestamp,
// or -1 when the line is not CDXJ.
func cdxjObject(line string) int {
	rest := line
	for range 2 {
		i := strings.IndexByte(rest, ' ')
		if i < 0 {
			return -1
		}
		rest = rest[i+1:]
	}
	if len(rest) == 0 || rest[0] != '{' {
		return -1
	}
	return len(line) - len(rest)
}
