package reducer

import "encoding/json"

// UnmarshalJSON reads what MarshalJSON writes, may_cast included, as a
// client of the query service receives a view.
func (o *ObjectView) UnmarshalJSON(b []byte) error {
	type plain ObjectView // without this method
	var j struct {
		plain
		MayCast []string `json:"may_cast"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*o = ObjectView(j.plain)
	o.MayCast = j.MayCast
	if len(o.MayCast) == 0 {
		o.MayCast = nil
	}
	return nil
}
