package customer

import "testing"

// TestForgetDropsOnlyThatCustomer: a customer's answers and hint go; another customer's whose
// number starts the same stay.
func TestForgetDropsOnlyThatCustomer(t *testing.T) {
	c, err := New(Options{BaseURL: "https://api.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"12", "123"} {
		c.cache.store(n+"\x00customer\x00/customers/"+n+"?", "answer", nil)
		c.rememberHint(n, loadHint{DistributorID: "d"})
	}
	c.Belongs("12", "sub\x00a", "sid\x00s")
	c.Belongs("123", "sub\x00ab")
	if n := c.ForgetOwner("sid\x00s"); n != 1 {
		t.Fatalf("ForgetOwner forgot %d customers, want 1", n)
	}
	if _, _, ok := c.cache.lookup("12\x00customer\x00/customers/12?"); ok {
		t.Error("customer 12's answer is still cached")
	}
	if _, ok := c.hint("12"); ok {
		t.Error("customer 12's hint is still remembered")
	}
	if _, _, ok := c.cache.lookup("123\x00customer\x00/customers/123?"); !ok {
		t.Error("customer 123's answer was dropped with 12's")
	}
	if _, ok := c.hint("123"); !ok {
		t.Error("customer 123's hint was dropped with 12's")
	}
	if n := c.ForgetOwner("sid\x00s"); n != 0 {
		t.Errorf("a second ForgetOwner forgot %d, want 0", n)
	}
}
