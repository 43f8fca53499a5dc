package tournament

// Text encodings of the files an arbiter is given: players files (CSV) and PDN files.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	encoding_ "golang.org/x/text/encoding"
	"golang.org/x/text/encoding/ianaindex"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// EncodingNames is the help text of the --encoding options.
const EncodingNames = "utf-8, windows-1252, iso-8859-2 (latin2), windows-1250, iso-8859-1, utf-16le..."

// decoderByName returns the decoder of an IANA encoding name ("iso-8859-2", "latin2",
// "windows-1250", "utf-16le"...). Errors wrap ErrMalformed.
func decoderByName(name string) (*encoding_.Decoder, error) {
	e, err := ianaindex.IANA.Encoding(name)
	if err != nil || e == nil {
		return nil, fmt.Errorf("%w: unknown encoding %q (give an IANA name: %s)", ErrMalformed, name, EncodingNames)
	}
	return e.NewDecoder(), nil
}

// bomDecoder returns the decoder of a UTF-16 text starting with its byte-order mark (as
// Excel's "Unicode text" and some Windows editors write), or nil.
func bomDecoder(head []byte) *encoding_.Decoder {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		return xunicode.UTF16(xunicode.LittleEndian, xunicode.ExpectBOM).NewDecoder()
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return xunicode.UTF16(xunicode.BigEndian, xunicode.ExpectBOM).NewDecoder()
	}
	return nil
}

// DecodingReader returns r as UTF-8 text, decoded as it is read (nothing is held in
// memory): encoding "" leaves r as it is, except that a UTF-16 byte-order mark is detected
// (the PDN reader itself reads UTF-8, and lines that are not UTF-8 as Windows-1252); else
// an IANA name, the names `player import --encoding` takes ("iso-8859-2" or "latin2" for
// Czech, Polish, Hungarian files, "windows-1250", "iso-8859-1", "utf-16le"...). Errors
// wrap ErrMalformed for an unknown name.
func DecodingReader(r io.Reader, encoding string) (io.Reader, error) {
	if encoding != "" {
		dec, err := decoderByName(encoding)
		if err != nil {
			return nil, err
		}
		return transform.NewReader(r, dec), nil
	}
	br := bufio.NewReader(r)
	head, _ := br.Peek(2)
	if dec := bomDecoder(head); dec != nil {
		return transform.NewReader(br, dec), nil
	}
	return br, nil
}

// CheckEncoding checks an --encoding value before any file is read: "" (detect) or an
// IANA name DecodingReader knows. Errors wrap ErrMalformed.
func CheckEncoding(name string) error {
	if name == "" {
		return nil
	}
	_, err := decoderByName(name)
	return err
}
