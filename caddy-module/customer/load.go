package customer

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"go.uber.org/zap"
	"golang.org/x/sync/errgroup"
)

// Flags are the request's switches that change what Load asks for or how it formats.
type Flags struct {
	// Locale is the page's locale (labels and number formats), e.g. "de-DE"; empty takes the
	// locale of the customer's country.
	Locale string
	// OmitDataValidity leaves the data-validity embed out of the customer call (spec 7).
	OmitDataValidity bool
	// SwitchableAccounts is the flag umtMinorAccountSwitch: the switchable accounts are loaded
	// only with it on and a user id at hand (spec 2.2).
	SwitchableAccounts bool
	// LoginCustomerNumber is the logged-in customer's own number when Load is asked for an
	// account switched to (spec 2.2); empty otherwise. The switchable accounts belong to the
	// login: they are asked with this number, and the login's own customer joins the list so
	// the customer can switch back.
	LoginCustomerNumber string
}

// Load fetches everything the header and the redirect rule need for one customer, running the
// calls of spec 7 in parallel (each dependent call starts as soon as what it needs is there),
// and derives the View. Answers come from the cache when fresh; when all of them are, Load
// reads them in place without starting a goroutine.
//
// Only a failed customer call fails Load: without it there is no name and no redirect input,
// and the edge shows the logo-only header. Every other failure degrades as spec 8 says and is
// listed in View.Degraded: account calls answering 503 or 206 give the maintenance notice, a
// failed balance the fetch-error notice, cobranding and switchable accounts none.
func (c *Client) Load(ctx context.Context, token, customerNumber, userID string, flags Flags) (*View, error) {
	if customerNumber == "" {
		return nil, errors.New("customer: the session has no customer number: log the customer in again")
	}
	who := Caller{Token: token, CustomerNumber: customerNumber, UserID: userID}
	if a, ok := c.load(withCacheOnly(ctx), who, flags, nil); ok {
		return Derive(a.Answers, flags.Locale), nil
	}
	g, gctx := errgroup.WithContext(ctx)
	a, _ := c.load(gctx, who, flags, g)
	if err := g.Wait(); err != nil {
		// No customer number here: the error goes to logs, which name no customer.
		return nil, fmt.Errorf("customer: loading the customer's data: %w", err)
	}
	a.settle()
	return Derive(a.Answers, flags.Locale), nil
}

// Cached is Load from the cache alone, in place: the View when every answer Load needs is
// cached and fresh, else false (and nothing is called). A page tries it first, so a cached
// customer costs no goroutine.
func (c *Client) Cached(token, customerNumber, userID string, flags Flags) (*View, bool) {
	if customerNumber == "" {
		return nil, false
	}
	who := Caller{Token: token, CustomerNumber: customerNumber, UserID: userID}
	a, ok := c.load(withCacheOnly(context.Background()), who, flags, nil)
	if !ok {
		return nil, false
	}
	return Derive(a.Answers, flags.Locale), true
}

// loading is one Load's answers as they arrive; each field is written by one step only.
type loading struct {
	Answers
	mu     sync.Mutex // guards Degraded
	missed atomic.Bool
	err    error  // the first step's error when steps run in place
	guess  *guess // the dependent calls started on a hint or a guess, nil without one
}

// A guess is the answers of the dependent calls started on a hint (remembered or guessed), in
// two parts that the customer's answer confirms or not on their own: a customer of another
// distributor may still be German.
type guess struct {
	hint          loadHint
	byDistributor Answers // product types, cobranding
	byCountry     Answers // pension and migrated products
}

// settle keeps the parts of a guess the customer's answer confirmed and drops the others,
// whose calls were made again for the real answer. It runs once every step has finished.
func (l *loading) settle() {
	if l.guess == nil || l.Customer == nil {
		return
	}
	actual := hintOf(l.Customer)
	if d := &l.guess.byDistributor; actual.DistributorID == l.guess.hint.DistributorID {
		l.ProductTypes, l.Cobranding = d.ProductTypes, d.Cobranding
		l.Degraded = append(l.Degraded, d.Degraded...)
	}
	if c := &l.guess.byCountry; actual.German == l.guess.hint.German {
		l.PensionProducts, l.MigratedProducts = c.PensionProducts, c.MigratedProducts
		l.Degraded = append(l.Degraded, c.Degraded...)
	}
}

// load runs the steps of one Load: in parallel on g, or, with g nil, in place from the cache
// alone (ok is false when an answer was missing there or a step failed).
func (c *Client) load(ctx context.Context, who Caller, flags Flags, g *errgroup.Group) (*loading, bool) {
	l := &loading{}
	a := &l.Answers
	spawn := func(step func() error) {
		if g != nil {
			g.Go(step)
			return
		}
		if err := step(); err != nil && l.err == nil {
			l.err = err
		}
	}
	// degradeTo notes a failed call in list. A 404 or 410 outside the account calls is an
	// answer, "none" (no switchable accounts, no pension products), and is not a degradation.
	degradeTo := func(list *[]string) func(name string, err error, warn bool) {
		return func(name string, err error, warn bool) {
			if errors.Is(err, errCacheMiss) {
				l.missed.Store(true)
				return
			}
			if errors.Is(err, ErrNotFound) && name != "accounts" && name != "balance" {
				return
			}
			l.mu.Lock()
			*list = append(*list, name)
			l.mu.Unlock()
			log := c.log.Info
			if warn {
				log = c.log.Warn
			}
			log("customer data degraded", zap.String("call", name), zap.Error(err))
		}
	}
	degrade := degradeTo(&a.Degraded)
	// The calls that need the customer's answer start beside it on what the Client remembers
	// of the customer (a hint) or, knowing nothing, guesses from the page (hint.go), into
	// answers of their own that are kept only where the customer's answer confirms them;
	// where it does not, or with no guess, they start once the customer answered.
	var hint loadHint
	hinted := false
	if g != nil {
		hint, hinted = c.hint(who.CustomerNumber)
		if !hinted && !c.noGuess {
			hint, hinted = c.guessFor(flags.Locale), true
		}
	}
	if hinted {
		l.guess = &guess{hint: hint}
		c.byDistributor(ctx, who, hint.DistributorID, &l.guess.byDistributor, spawn, degradeTo(&l.guess.byDistributor.Degraded))
		c.byCountry(ctx, who, hint.German, &l.guess.byCountry, spawn, degradeTo(&l.guess.byCountry.Degraded))
	}
	spawn(func() error {
		cust, err := c.Customer(ctx, who, !flags.OmitDataValidity)
		if err != nil {
			return err
		}
		a.Customer = cust
		actual := hintOf(cust)
		if g != nil {
			c.rememberHint(who.CustomerNumber, actual)
			c.learnGuess(flags.Locale, actual)
		}
		if !hinted || actual.DistributorID != hint.DistributorID {
			c.byDistributor(ctx, who, actual.DistributorID, a, spawn, degrade)
		}
		if !hinted || actual.German != hint.German {
			c.byCountry(ctx, who, actual.German, a, spawn, degrade)
		}
		return nil
	})
	spawn(func() error {
		accts, err := c.Accounts(ctx, who)
		if err != nil {
			a.AccountsErr = err
			degrade("accounts", err, true)
			return nil
		}
		a.Accounts = accts
		chosen := ChooseAccount(accts)
		if chosen == nil {
			return nil
		}
		bal, err := c.AccountBalance(ctx, who, chosen.ID)
		if err != nil {
			a.BalanceErr = err
			degrade("balance", err, true)
			return nil
		}
		a.Balance = bal
		return nil
	})
	spawn(func() error {
		d, err := c.DepositTypes(ctx, who)
		if err != nil {
			degrade("deposit-types", err, true)
		}
		a.DepositTypes = d
		return nil
	})
	spawn(func() error {
		p, err := c.ProductInstances(ctx, who)
		if err != nil {
			degrade("product-instances", err, true)
		}
		a.ProductInstances = p
		return nil
	})
	spawn(func() error {
		n, err := c.UnreadCount(ctx, who)
		if err != nil {
			degrade("unread-count", err, true)
		}
		a.Unread = n
		return nil
	})
	if flags.SwitchableAccounts && who.UserID != "" {
		login := who
		if flags.LoginCustomerNumber != "" {
			login.CustomerNumber = flags.LoginCustomerNumber
		}
		spawn(func() error {
			s, err := c.SwitchableAccounts(ctx, login)
			if err != nil {
				degrade("switchable-accounts", err, true) // spec 8: a warning, no accounts
				return nil
			}
			if login.CustomerNumber != who.CustomerNumber {
				own, err := c.Customer(ctx, login, !flags.OmitDataValidity)
				if err != nil {
					degrade("switch-back", err, true) // the list still offers the other accounts
					own = nil
				}
				s = SwitchList(s, own, who.CustomerNumber)
			}
			a.Switchable = s
			return nil
		})
	}
	return l, g == nil && l.err == nil && !l.missed.Load()
}

// byDistributor starts the calls that need the customer's distributor (product types, and
// cobranding for a partner's customer), writing their answers into a.
func (c *Client) byDistributor(ctx context.Context, who Caller, distributorID string, a *Answers, spawn func(func() error), degrade func(string, error, bool)) {
	spawn(func() error {
		pt, err := c.ProductTypes(ctx, who, distributorID)
		if err != nil {
			degrade("product-types", err, true)
			return nil
		}
		a.ProductTypes = pt
		return nil
	})
	if !c.IsDefaultDistributor(distributorID) {
		spawn(func() error {
			cb, err := c.Cobranding(ctx, who)
			if err != nil {
				degrade("cobranding", err, false) // spec 8: logged, none
				return nil
			}
			a.Cobranding = cb
			return nil
		})
	}
}

// byCountry starts the calls that need the customer's country: pension and migrated products
// for a German customer, none for others.
func (c *Client) byCountry(ctx context.Context, who Caller, german bool, a *Answers, spawn func(func() error), degrade func(string, error, bool)) {
	if !german {
		return
	}
	spawn(func() error {
		n, err := c.PensionProducts(ctx, who)
		if err != nil {
			degrade("pension-products", err, true)
		}
		a.PensionProducts = n
		return nil
	})
	spawn(func() error {
		n, err := c.MigratedProducts(ctx, who)
		if err != nil {
			degrade("migrated-products", err, true)
		}
		a.MigratedProducts = n
		return nil
	})
}

// errCacheMiss is what a call answers in a cache-only Load when its answer is not cached.
var errCacheMiss = errors.New("customer: not in the cache")

type cacheOnlyKey struct{}

func withCacheOnly(ctx context.Context) context.Context {
	return context.WithValue(ctx, cacheOnlyKey{}, true)
}

func cacheOnly(ctx context.Context) bool {
	v, _ := ctx.Value(cacheOnlyKey{}).(bool)
	return v
}
