package rules

import "encoding/json"

// verdictFields is Verdict without its methods, so that MarshalJSON and UnmarshalJSON can
// hand the other fields to encoding/json.
type verdictFields Verdict

// MarshalJSON writes the verdict as encoding/json writes its fields, with Variant as the
// variant's Name ("italian", "international", "" when nil) in first place: the JSON that
// games.verdict and every --json form holding a verdict have always carried.
func (vd Verdict) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Variant string
		verdictFields
	}{vd.Variant.Name(), verdictFields(vd)})
}

// UnmarshalJSON reads what MarshalJSON writes; Variant "" is nil, another name is parsed
// once by VariantByName (an unknown name is an error wrapping ErrUnknownVariant).
func (vd *Verdict) UnmarshalJSON(b []byte) error {
	w := struct {
		Variant string
		*verdictFields
	}{verdictFields: (*verdictFields)(vd)}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	vd.Variant = nil
	if w.Variant == "" {
		return nil
	}
	v, err := VariantByName(w.Variant)
	if err != nil {
		return err
	}
	vd.Variant = v
	return nil
}
