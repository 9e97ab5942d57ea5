package reading

import (
	"errors"
	"fmt"
	"strings"
)

// A Reader is one of the URL parsers of today that the package reads inputs with.
type Reader uint8

// The readers. The zero Reader is none of them.
const (
	// NetURL is Go's net/url.Parse, the parser of the Go release the program is built with.
	NetURL Reader = iota + 1
	// WHATWG is the basic URL parser of the WHATWG URL Standard with no base URL and the
	// standard's defaults, as github.com/nlnwa/whatwg-url implements it.
	WHATWG
)

var readerIDs = []string{"", "neturl", "whatwg"}

// Readers returns the readers, in the order of their constants.
func Readers() []Reader { return []Reader{NetURL, WHATWG} }

// String returns the reader's ID, "neturl" or "whatwg"; "" for the zero Reader.
func (r Reader) String() string {
	if int(r) < len(readerIDs) {
		return readerIDs[r]
	}
	return fmt.Sprintf("Reader(%d)", int(r))
}

// MarshalText returns the reader's ID, as String does; a Reader that is none of the readers is
// an error.
func (r Reader) MarshalText() ([]byte, error) {
	if r == 0 || int(r) >= len(readerIDs) {
		return nil, fmt.Errorf("reading: Reader(%d) has no ID", int(r))
	}
	return []byte(readerIDs[r]), nil
}

// UnmarshalText sets r to the reader whose ID is text, ignoring case.
func (r *Reader) UnmarshalText(text []byte) error {
	for i, id := range readerIDs[1:] {
		if strings.EqualFold(id, string(text)) {
			*r = Reader(i + 1)
			return nil
		}
	}
	return fmt.Errorf("reading: unknown reader %q (known: %s)", text, strings.Join(readerIDs[1:], ", "))
}

// A Component is one component of a URL as a reader reads it: for today's readers, after the
// reader's normalization; for a grammar, as written.
type Component struct {
	Present bool   // false when the reader finds no such component; Text is then ""
	Text    string // the component, without the delimiters around it
}

// A Field names one of the components that Compare holds two readings to.
type Field uint8

// The fields, in the order they stand in a URL. The zero Field is none of them.
const (
	Scheme   Field = iota + 1 // the scheme, without its ":"
	Userinfo                  // what stands before the host's "@", without it
	Host                      // the host; an IPv6 address with its brackets
	Port                      // the port, without its ":"
	Path                      // the path, with the "/" that begins an absolute path
	Query                     // the query, without its "?"
	Fragment                  // the fragment, without its "#"
)

var fieldIDs = []string{"", "scheme", "userinfo", "host", "port", "path", "query", "fragment"}

var fields = [...]Field{Scheme, Userinfo, Host, Port, Path, Query, Fragment}

// Fields returns the fields, in the order they stand in a URL.
func Fields() []Field { return append([]Field(nil), fields[:]...) }

// String returns the field's ID, such as "host"; "" for the zero Field.
func (f Field) String() string {
	if int(f) < len(fieldIDs) {
		return fieldIDs[f]
	}
	return fmt.Sprintf("Field(%d)", int(f))
}

// MarshalText returns the field's ID, as String does; a Field that is none of the fields is an
// error.
func (f Field) MarshalText() ([]byte, error) {
	if f == 0 || int(f) >= len(fieldIDs) {
		return nil, fmt.Errorf("reading: Field(%d) has no ID", int(f))
	}
	return []byte(fieldIDs[f]), nil
}

// A Reading is what one reader made of one input: its verdict and, when it accepted the input,
// the components it found.
type Reading struct {
	// By names the reader: a Reader's ID ("neturl", "whatwg") or, for a grammar's reading, the
	// version's ID ("rfc3986").
	By    string
	Input string
	// Err is why the reader refused the input, with the reader's own words; nil when it
	// accepted the input.
	Err error

	Scheme   Component
	Userinfo Component // the user name and the password with the ":" between them, as the reader writes them
	Username Component
	Password Component
	Host     Component
	Port     Component
	Path     Component
	Query    Component
	Fragment Component

	reader Reader // the Reader of a reading of today's parsers; zero for a grammar's
	// undefined are the fields that the reader's grammar has no component for, by bit (1 <<
	// Field): RFC 1808 does not divide its net_loc into userinfo, host and port.
	undefined uint8
}

// Field returns the component of r that f names; the zero Component for a Field that is none of
// the fields.
func (r *Reading) Field(f Field) Component {
	switch f {
	case Scheme:
		return r.Scheme
	case Userinfo:
		return r.Userinfo
	case Host:
		return r.Host
	case Port:
		return r.Port
	case Path:
		return r.Path
	case Query:
		return r.Query
	case Fragment:
		return r.Fragment
	}
	return Component{}
}

// Accepted reports whether the reader accepted the input.
func (r *Reading) Accepted() bool { return r.Err == nil }

// ErrUnknownReader is the Err of a Reading by a Reader that is none of the readers.
var ErrUnknownReader = errors.New("reading: unknown reader")

// Read reads s with reader r. It returns the reader's verdict in Err and, when r accepts s, its
// components; it never panics, whatever s holds.
func Read(r Reader, s string) Reading {
	switch r {
	case NetURL:
		return readNetURL(s)
	case WHATWG:
		return readWHATWG(s)
	}
	return Reading{By: r.String(), Input: s, Err: ErrUnknownReader}
}

// present returns a present Component with text s.
func present(s string) Component { return Component{Present: true, Text: s} }
